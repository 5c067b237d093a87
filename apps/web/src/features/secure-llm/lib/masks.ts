import type { ChatMask } from '@candor/contracts/governance';
import { type Range, splitByRanges } from './segments';

export type EntityType = ChatMask['type'];

/** What the masking preview found (`POST v1/pii/detect`), with offsets into the text it was run on. */
export interface Finding extends Range {
  type: EntityType;
  text: string;
}

/** A value the user chose to mask by selecting it; every occurrence of it in the message is masked. */
export interface ManualMask {
  text: string;
  type: EntityType;
  /** Only whole-word occurrences count, unless the user selected part of a word on purpose. */
  wholeWord: boolean;
}

/** The user's adjustments to what the preview found: values let through, values added. */
export interface MaskChoices {
  /** Keys (`valueKey`) of detected values the user chose not to mask. */
  unmasked: ReadonlySet<string>;
  manual: readonly ManualMask[];
}

export const emptyMaskChoices: MaskChoices = { unmasked: new Set(), manual: [] };

/** A marked stretch of the composer's text, for the highlight behind it. */
export interface Mark extends Range {
  type: EntityType;
  key: string;
  source: 'detected' | 'manual';
  masked: boolean;
}

/** One value in the list under the composer: toggled as a whole, wherever it occurs. */
export interface MaskItem {
  key: string;
  text: string;
  type: EntityType;
  source: 'detected' | 'manual';
  masked: boolean;
  count: number;
}

export interface MaskPlan {
  /** What is sent: sorted, separate spans (the contract refuses overlaps). */
  masks: ChatMask[];
  marks: Mark[];
  items: MaskItem[];
}

// Choices follow the value, not its offset, so they survive edits elsewhere in the message.
export const valueKey = (type: EntityType, text: string) => JSON.stringify([type, text]);
/** The key of a manual mask's item in the list under the composer. */
export const manualKey = (mask: Pick<ManualMask, 'type' | 'text'>) => `manual:${valueKey(mask.type, mask.text)}`;

const WORD = /[\p{L}\p{N}_]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD.test(char);

/** Whether a selection is a whole word (or words): it starts and ends at word boundaries. */
export function isWholeWordSelection(text: string, { start, end }: Range): boolean {
  const value = text.slice(start, end);
  const startsClean = !isWordChar(value[0]) || !isWordChar(text[start - 1]);
  const endsClean = !isWordChar(value[value.length - 1]) || !isWordChar(text[end]);
  return startsClean && endsClean;
}

/** A selection made into a manual mask: surrounding whitespace trimmed; null when nothing is left. */
export function manualMaskFromSelection(text: string, selection: Range, type: EntityType): ManualMask | null {
  let { start, end } = selection;
  while (start < end && /\s/.test(text[start] ?? '')) start += 1;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  if (end <= start) return null;
  return { text: text.slice(start, end), type, wholeWord: isWholeWordSelection(text, { start, end }) };
}

/** Every separate occurrence of `value` in `text` (whole words only, when asked). */
export function findOccurrences(text: string, value: string, wholeWord: boolean): Range[] {
  if (!value) return [];
  const found: Range[] = [];
  let from = 0;
  while (from <= text.length - value.length) {
    const start = text.indexOf(value, from);
    if (start === -1) break;
    const end = start + value.length;
    if (!wholeWord || isWholeWordSelection(text, { start, end })) {
      found.push({ start, end });
      from = end;
    } else {
      from = start + 1;
    }
  }
  return found;
}

/**
 * Moves findings made on an earlier version of the text onto the current one, so the highlight follows the
 * typing until the next preview answers: the edit is the stretch between the common prefix and suffix, and a
 * finding it touches is dropped.
 */
export function rebaseFindings(from: string, to: string, findings: readonly Finding[]): Finding[] {
  if (from === to) return [...findings];
  let prefix = 0;
  while (prefix < from.length && prefix < to.length && from[prefix] === to[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < from.length - prefix &&
    suffix < to.length - prefix &&
    from[from.length - 1 - suffix] === to[to.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const editEnd = from.length - suffix;
  const delta = to.length - from.length;
  return findings.flatMap((finding) => {
    if (finding.end <= prefix) return [finding];
    if (finding.start >= editEnd) return [{ ...finding, start: finding.start + delta, end: finding.end + delta }];
    return [];
  });
}

interface Candidate extends Range {
  type: EntityType;
  key: string;
  source: 'detected' | 'manual';
}

/**
 * Decides what is masked: every detected value the user did not let through, plus every occurrence of the values
 * the user added. Overlapping parts are merged into one mask (never leaving half a value readable), typed by the
 * user's choice when there is one, else by the longest part.
 */
export function planMasks(text: string, findings: readonly Finding[], choices: MaskChoices): MaskPlan {
  const valid = findings.filter(
    (f) => f.start >= 0 && f.end <= text.length && f.end > f.start && text.slice(f.start, f.end) === f.text,
  );
  const manualKeys = new Set(choices.manual.map((mask) => valueKey(mask.type, mask.text)));
  const candidates: Candidate[] = [];
  const items = new Map<string, MaskItem>();

  for (const mask of choices.manual) {
    const key = manualKey(mask);
    const occurrences = findOccurrences(text, mask.text, mask.wholeWord);
    if (occurrences.length === 0 || items.has(key)) continue;
    items.set(key, { key, text: mask.text, type: mask.type, source: 'manual', masked: true, count: 0 });
    for (const occurrence of occurrences) candidates.push({ ...occurrence, type: mask.type, key, source: 'manual' });
  }
  const letThrough: Candidate[] = [];
  for (const finding of valid) {
    const key = valueKey(finding.type, finding.text);
    // The user added this very value by hand: the manual entry already covers it.
    if (manualKeys.has(key)) continue;
    const masked = !choices.unmasked.has(key);
    if (!items.has(key)) {
      items.set(key, { key, text: finding.text, type: finding.type, source: 'detected', masked, count: 0 });
    }
    const candidate: Candidate = {
      start: finding.start,
      end: finding.end,
      type: finding.type,
      key,
      source: 'detected',
    };
    (masked ? candidates : letThrough).push(candidate);
  }

  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const clusters: Candidate[][] = [];
  let clusterEnd = -1;
  for (const candidate of candidates) {
    const current = clusters[clusters.length - 1];
    if (current && candidate.start < clusterEnd) {
      current.push(candidate);
      clusterEnd = Math.max(clusterEnd, candidate.end);
    } else {
      clusters.push([candidate]);
      clusterEnd = candidate.end;
    }
  }

  const masks: ChatMask[] = [];
  const marks: Mark[] = [];
  for (const cluster of clusters) {
    const first = cluster[0];
    if (!first) continue;
    const start = first.start;
    const end = Math.max(...cluster.map((c) => c.end));
    const lead =
      cluster.find((c) => c.source === 'manual') ??
      cluster.reduce((longest, c) => (c.end - c.start > longest.end - longest.start ? c : longest), first);
    masks.push({ start, end, type: lead.type });
    marks.push({ start, end, type: lead.type, key: lead.key, source: lead.source, masked: true });
  }
  for (const candidate of letThrough) {
    if (masks.some((mask) => candidate.start < mask.end && mask.start < candidate.end)) continue;
    marks.push({ ...candidate, masked: false });
  }
  marks.sort((a, b) => a.start - b.start);

  for (const candidate of [...candidates, ...letThrough]) {
    const item = items.get(candidate.key);
    if (item) item.count += 1;
  }
  return { masks, marks, items: [...items.values()] };
}

/** The placeholder the preview shows for a masked value; the server numbers them ([PERSON_NAME_1]) when sending. */
export const placeholder = (type: EntityType) => `[${type}]`;

/** The message as the model will see it, with placeholders instead of the masked values. */
export function maskedPreview(text: string, masks: readonly ChatMask[]): string {
  return splitByRanges(text, masks)
    .map((segment) => (segment.range ? placeholder(segment.range.type) : segment.text))
    .join('');
}
