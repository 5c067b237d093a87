import type { DocumentRedactionStyle, RedactionType } from '@candor/contracts/tools';
import { createPseudonymizer } from '@candor/engine-pii';
import { finalRanges } from '@candor/engine-redact';

export interface TypedRedaction {
  start: number;
  end: number;
  type: RedactionType;
  /** What the output shows instead: '' for a black box, `[EMAIL_ADDRESS]`, `[PERSON_NAME_1]`, `[REDACTED]`. */
  replacement: string;
}

/** The replacement of each chosen redaction in a style; pseudonyms are consistent per value within the document. */
export function planRedactions(
  text: string,
  redactions: readonly { start: number; end: number; type: RedactionType }[],
  style: DocumentRedactionStyle,
): TypedRedaction[] {
  const pseudonyms = createPseudonymizer();
  const manual = new Map<string, string>();
  return [...redactions]
    .sort((a, b) => a.start - b.start)
    .map((redaction) => {
      const value = text.slice(redaction.start, redaction.end);
      if (style === 'box') return { ...redaction, replacement: '' };
      if (redaction.type === 'MANUAL') {
        const key = value.trim().toLowerCase();
        if (!manual.has(key)) manual.set(key, style === 'label' ? '[REDACTED]' : `[REDACTED_${manual.size + 1}]`);
        return { ...redaction, replacement: manual.get(key) as string };
      }
      const replacement = style === 'label' ? `[${redaction.type}]` : pseudonyms.tokenFor(redaction.type, value);
      return { ...redaction, replacement };
    });
}

/**
 * What the redacted file actually leaves out (the engine also redacts every other occurrence of a chosen string),
 * each with the type of the chosen redaction it came from.
 */
export function redactedRanges(text: string, planned: readonly TypedRedaction[], style: DocumentRedactionStyle) {
  const typeOf = (start: number, end: number): RedactionType => {
    const value = text.slice(start, end).trim().toLowerCase();
    const source =
      planned.find((p) => p.start < end && start < p.end) ??
      planned.find((p) => text.slice(p.start, p.end).trim().toLowerCase() === value);
    return source?.type ?? 'MANUAL';
  };
  return finalRanges(text, [...planned], style).map((range) => ({ ...range, type: typeOf(range.start, range.end) }));
}

/** The text as the redacted document reads: boxes as █ of the same length, labels and pseudonyms as written. */
export function applyToText(text: string, ranges: readonly { start: number; end: number; replacement: string }[]) {
  let out = '';
  let at = 0;
  for (const range of ranges) {
    out += text.slice(at, range.start);
    out += range.replacement || '█'.repeat(range.end - range.start);
    at = range.end;
  }
  return out + text.slice(at);
}
