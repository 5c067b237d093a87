import { type DocumentRedactionStyle, MANUAL_REDACTION } from '@candor/contracts/tools';
import { mergeRanges } from './ranges';
import type { PlannedRedaction } from './redaction-input';

/** What each redaction will read as in `style`, as the server writes it (a preview: the result shows the real one). */
export function previewReplacements(
  text: string,
  redactions: readonly PlannedRedaction[],
  style: DocumentRedactionStyle,
): (PlannedRedaction & { replacement: string })[] {
  const pseudonyms = new Map<string, string>();
  const perType = new Map<string, number>();
  let manual = 0;
  return mergeRanges(redactions).map((redaction) => {
    const length = redaction.end - redaction.start;
    if (style === 'box') return { ...redaction, replacement: '█'.repeat(length) };
    if (redaction.type === MANUAL_REDACTION) {
      manual += 1;
      return { ...redaction, replacement: style === 'label' ? '[REDACTED]' : `[REDACTED_${manual}]` };
    }
    if (style === 'label') return { ...redaction, replacement: `[${redaction.type}]` };
    // The same value gets the same pseudonym throughout the document.
    const key = `${redaction.type}\u0000${text.slice(redaction.start, redaction.end)}`;
    let replacement = pseudonyms.get(key);
    if (!replacement) {
      const next = (perType.get(redaction.type) ?? 0) + 1;
      perType.set(redaction.type, next);
      replacement = `[${redaction.type}_${next}]`;
      pseudonyms.set(key, replacement);
    }
    return { ...redaction, replacement };
  });
}

export interface SamplePiece {
  text: string;
  redacted: boolean;
}

const GENERIC_TEXT = 'Contact Jane Doe at jane.doe@example.com.';
const GENERIC_REDACTIONS: PlannedRedaction[] = [
  { start: 8, end: 16, type: 'PERSON_NAME' },
  { start: 20, end: 40, type: 'EMAIL_ADDRESS' },
];

/**
 * A short excerpt around the document's first redaction as `style` would write it, so the style picker shows the
 * user's own document; a made-up sentence when nothing is chosen yet.
 */
export function styleSample(
  text: string,
  redactions: readonly PlannedRedaction[],
  style: DocumentRedactionStyle,
  context = 24,
): SamplePiece[] {
  const source = redactions.length > 0 ? text : GENERIC_TEXT;
  const planned = previewReplacements(source, redactions.length > 0 ? redactions : GENERIC_REDACTIONS, style);
  const first = planned[0];
  if (!first) return [{ text: source, redacted: false }];
  // Whole words at the edges, on one line.
  let from = Math.max(0, first.start - context);
  while (from > 0 && /\S/.test(source.charAt(from - 1))) from -= 1;
  let to = Math.min(source.length, first.end + context);
  while (to < source.length && /\S/.test(source.charAt(to))) to += 1;
  const pieces: SamplePiece[] = [];
  const push = (piece: string, redacted: boolean) => {
    const flat = redacted ? piece : piece.replace(/\s+/g, ' ');
    if (flat) pieces.push({ text: flat, redacted });
  };
  if (from > 0) push('…', false);
  let at = from;
  for (const redaction of planned) {
    if (redaction.start >= to) break;
    if (redaction.start < at) continue;
    push(source.slice(at, redaction.start), false);
    push(redaction.replacement, true);
    at = redaction.end;
    to = Math.max(to, redaction.end);
  }
  push(source.slice(at, to), false);
  if (to < source.length) push('…', false);
  return pieces;
}
