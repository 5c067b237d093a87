import type { PlagiarismResult } from '@candor/contracts/tools';
import type { TextRange } from '@/features/tool-runs/lib/scored-segments';

export type ExclusionReason = PlagiarismResult['excluded'][number]['reason'];

/** A stretch of the checked text over which nothing begins or ends. */
export interface TextPiece extends TextRange {
  text: string;
  /** The passages covering it (indices into the list given), in that list's order. */
  passages: number[];
  /** The passages that begin here: their markers go in front. */
  opens: number[];
  /** Why it is not counted, when it is in an excluded range. */
  excluded: ExclusionReason | null;
  /** An excluded range begins here: its label goes in front. */
  opensExcluded: boolean;
}

const fits = (range: TextRange, length: number) => range.start >= 0 && range.start < range.end && range.end <= length;

/**
 * Cuts `text` wherever a passage or an excluded range begins or ends, so each piece is drawn with every passage that
 * covers it (passages may overlap: the same words can be in two sources). Ranges that do not fit the text are left
 * out rather than drawn wrong.
 */
export function segmentMatchedText(
  text: string,
  passages: readonly TextRange[],
  excluded: readonly (TextRange & { reason: ExclusionReason })[],
): TextPiece[] {
  // One sweep over the cut points, so a long text with many passages stays quick to draw.
  const events = new Map<number, { opens: number[]; closes: number[]; exclusions: number[] }>();
  const at = (position: number) => {
    let event = events.get(position);
    if (!event) {
      event = { opens: [], closes: [], exclusions: [] };
      events.set(position, event);
    }
    return event;
  };
  at(0);
  at(text.length);
  passages.forEach((range, index) => {
    if (!fits(range, text.length)) return;
    at(range.start).opens.push(index);
    at(range.end).closes.push(index);
  });
  excluded.forEach((range, index) => {
    if (!fits(range, text.length)) return;
    at(range.start).exclusions.push(index);
    at(range.end);
  });
  const cuts = [...events.keys()].sort((a, b) => a - b);

  const pieces: TextPiece[] = [];
  const active = new Set<number>();
  let exclusion: (TextRange & { reason: ExclusionReason }) | undefined;
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const start = cuts[i] as number;
    const end = cuts[i + 1] as number;
    const event = at(start);
    for (const index of event.closes) active.delete(index);
    for (const index of event.opens) active.add(index);
    if (exclusion && exclusion.end <= start) exclusion = undefined;
    // Excluded ranges do not overlap (the engine merges them), so one at a time is enough.
    const opening = event.exclusions[0];
    const opensExcluded = !exclusion && opening !== undefined;
    if (opensExcluded) exclusion = excluded[opening];
    pieces.push({
      start,
      end,
      text: text.slice(start, end),
      passages: [...active].sort((a, b) => a - b),
      opens: [...event.opens].sort((a, b) => a - b),
      excluded: exclusion?.reason ?? null,
      opensExcluded,
    });
  }
  return pieces;
}
