import type { DocumentRedactionResult } from '@candor/contracts/tools';
import type { TextRange } from './ranges';
import { shownReplacement } from './report';

type Redaction = DocumentRedactionResult['redactions'][number];

/**
 * Where each redaction's replacement sits in the redacted text: the original offsets shifted by every earlier
 * replacement's change in length. One that does not read as its replacement there is left out, not drawn wrong.
 */
export function replacementRanges(result: DocumentRedactionResult): (TextRange & { redaction: Redaction })[] {
  const ranges: (TextRange & { redaction: Redaction })[] = [];
  let shift = 0;
  for (const redaction of [...result.redactions].sort((a, b) => a.start - b.start)) {
    const shown = shownReplacement(redaction);
    const start = redaction.start + shift;
    const end = start + shown.length;
    shift += shown.length - (redaction.end - redaction.start);
    if (result.redacted_text.slice(start, end) === shown) ranges.push({ start, end, redaction });
  }
  return ranges;
}
