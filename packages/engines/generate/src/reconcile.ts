import { segmentParagraphs } from '@candor/engine-writing/tokenize';
import { findProtectedSpans, keepsSpans, type ProtectedSpan } from './protected-spans.js';

/**
 * What a language model wrote, checked against the rules the built-in engines keep by construction: protected spans
 * unchanged (a paragraph that lost one is replaced by the built-in rewrite of that paragraph), and numbers or names
 * the input never had listed as new facts to check.
 */

/** A model's answer without the chatter small models add around it ("Sure! Here is the rewritten text:", quotes). */
export function cleanModelText(text: string): string {
  let out = text.replace(/\r\n/g, '\n').trim();
  out = out.replace(/^```(?:\w+)?\n([\s\S]*?)\n```$/m, '$1').trim();
  out = out.replace(
    /^(?:(?:sure|certainly|of course|okay|ok)[!,.]?\s*)?(?:here(?:'s| is| are)\b[^\n:]{0,80}:|(?:rewritten|revised|summary|summarized|shortened|expanded)(?: text| version)?:)\s*/i,
    '',
  );
  out = out.replace(/\n+(?:i hope|let me know|feel free|note:|this (?:version|rewrite|summary))[^\n]*$/i, '');
  if (/^["“][\s\S]*["”]$/.test(out) && !/["“”]/.test(out.slice(1, -1))) out = out.slice(1, -1);
  return out.trim();
}

export interface Reconciled {
  text: string;
  /** Paragraphs the model's version of which lost a protected span and were replaced. */
  replaced: number;
  paragraphs: number;
}

/**
 * Keeps each paragraph of the model's rewrite that holds every protected span of the original paragraph it stands
 * for; the others become `fallback(paragraph)`. When the model merged or split paragraphs, the whole is judged at once.
 */
export function reconcileRewrite(
  original: string,
  spans: readonly ProtectedSpan[],
  candidate: string,
  fallback: (paragraph: string) => string,
): Reconciled {
  const paragraphs = segmentParagraphs(original);
  const parts = candidate
    .split(/\n[ \t]*\n+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length !== paragraphs.length) {
    if (keepsSpans(original, spans, candidate)) return { text: candidate, replaced: 0, paragraphs: paragraphs.length };
    return {
      text: paragraphs.map((p) => fallback(original.slice(p.start, p.end))).join('\n\n'),
      replaced: paragraphs.length,
      paragraphs: paragraphs.length,
    };
  }
  let replaced = 0;
  const out = paragraphs.map((paragraph, index) => {
    const local = spans
      .filter((span) => span.start >= paragraph.start && span.end <= paragraph.end)
      .map((span) => ({ ...span, start: span.start - paragraph.start, end: span.end - paragraph.start }));
    const source = original.slice(paragraph.start, paragraph.end);
    const part = parts[index] as string;
    if (keepsSpans(source, local, part)) return part;
    replaced++;
    return fallback(source);
  });
  return { text: out.join('\n\n'), replaced, paragraphs: paragraphs.length };
}

const FACT_KINDS = new Set(['number', 'date', 'entity', 'citation', 'url', 'email']);

/** Numbers, dates, names, citations and addresses in `output` that `input` does not contain (at most 20). */
export function newFacts(input: string, output: string): string[] {
  const haystack = input.toLowerCase();
  const found = new Set<string>();
  for (const span of findProtectedSpans(output)) {
    if (!FACT_KINDS.has(span.kind)) continue;
    const piece = output.slice(span.start, span.end).trim();
    if (piece.length < 2 || haystack.includes(piece.toLowerCase())) continue;
    found.add(piece);
    if (found.size >= 20) break;
  }
  return [...found];
}
