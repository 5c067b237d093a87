const MAX_SLUG_CHARACTERS = 60;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * "reef-essay": a run's title made safe for a file name, or `fallback` when nothing is left of it. Every download
 * is named after what it is about, then what it holds: "reef-essay-ai-detection.pdf", "reef-essay-matches.csv",
 * "contract-redactions.csv". Letters of any script are kept with their marks (Devanagari's vowel signs, Arabic's
 * vowels), and the title is cut after 60 characters as a reader counts them, never inside one.
 */
export function fileSlug(title: string, fallback: string): string {
  const hyphenated = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/\.(txt|md|docx|pdf|png|jpe?g)$/, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-');
  const cut = Array.from(graphemes.segment(hyphenated), ({ segment }) => segment)
    .slice(0, MAX_SLUG_CHARACTERS)
    .join('');
  return cut.replace(/^-+|-+$/g, '') || fallback;
}

/** The PDF report of a stored run: "reef-essay-ai-detection.pdf", or just the tool's when the title leaves nothing. */
export function reportPdfFileName(title: string, tool: string): string {
  const about = fileSlug(title, '');
  return `${about ? `${about}-` : ''}${tool}.pdf`;
}
