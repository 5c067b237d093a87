/**
 * "reef-essay": a run's title made safe for a file name, or `fallback` when nothing is left of it. Every download
 * is named after what it is about, then what it holds: "reef-essay-ai-detection.pdf", "reef-essay-matches.csv",
 * "contract-redactions.csv".
 */
export function fileSlug(title: string, fallback: string): string {
  const slug = title
    .toLowerCase()
    .replace(/\.(txt|md|docx|pdf|png|jpe?g)$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}
