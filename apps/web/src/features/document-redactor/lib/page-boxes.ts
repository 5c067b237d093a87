import type { DocumentAnalysis, PageRect } from '@candor/contracts/tools';
import type { TextRange } from './ranges';

type LaidOutPage = Pick<DocumentAnalysis['pages'][number], 'number' | 'start' | 'end' | 'lines'>;

/**
 * The boxes over a stretch of text on the page previews, one per line it touches, as the server boxes a finding:
 * from the boxes of the words the analysis measured. Whole words are boxed exactly; part of a word gets its share of
 * the word's width by characters. Nothing for text on a page without a preview (it has no lines).
 */
export function boxesForRange(pages: readonly LaidOutPage[], range: TextRange): PageRect[] {
  const boxes: PageRect[] = [];
  for (const page of pages) {
    if (range.end <= page.start || range.start >= page.end) continue;
    for (const line of page.lines) {
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      for (const [start, end, x, width] of line.words) {
        if (end <= range.start || start >= range.end) continue;
        const perCharacter = width / (end - start);
        left = Math.min(left, x + perCharacter * (Math.max(start, range.start) - start));
        right = Math.max(right, x + perCharacter * (Math.min(end, range.end) - start));
      }
      if (right > left) boxes.push({ page: page.number, x: left, y: line.y, width: right - left, height: line.height });
    }
  }
  return boxes;
}
