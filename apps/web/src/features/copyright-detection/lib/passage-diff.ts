import { diffArrays } from 'diff';

/** A run of a passage's characters, and whether the other side lacks it (a changed, added or dropped word). */
export interface DiffPiece {
  value: string;
  differs: boolean;
}

/** Past this many edits the two sides are too far apart for marks to help: they are shown unmarked. */
const MAX_EDITS = 400;
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

interface Word {
  start: number;
  end: number;
  key: string;
}

const wordsOf = (text: string): Word[] =>
  [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: match[0].toLowerCase(),
  }));

/** The text cut into runs at its words' edges, each word marked when it is in `differing`. */
function pieces(text: string, words: readonly Word[], differing: ReadonlySet<Word>): DiffPiece[] {
  const out: DiffPiece[] = [];
  const push = (value: string, differs: boolean) => {
    if (!value) return;
    const last = out.at(-1);
    if (last && last.differs === differs) last.value += value;
    else out.push({ value, differs });
  };
  let at = 0;
  let previousDiffers = false;
  for (const word of words) {
    const differs = differing.has(word);
    // The space between two changed words is part of one change.
    push(text.slice(at, word.start), previousDiffers && differs);
    push(text.slice(word.start, word.end), differs);
    at = word.end;
    previousDiffers = differs;
  }
  push(text.slice(at), false);
  return out;
}

/**
 * The words in which a copied passage and its source differ, for marking side by side, so what the writer changed
 * shows at once. Words are compared without case; spacing and punctuation are not compared ("oil-based" and "oil
 * based" read alike), and each side keeps its own characters.
 */
export function passageDiff(text: string, source: string): { text: DiffPiece[]; source: DiffPiece[] } {
  const textWords = wordsOf(text);
  const sourceWords = wordsOf(source);
  const changes = diffArrays(sourceWords, textWords, {
    comparator: (a, b) => a.key === b.key,
    maxEditLength: MAX_EDITS,
  });
  const differingText = new Set<Word>();
  const differingSource = new Set<Word>();
  for (const change of changes ?? []) {
    if (change.added) for (const word of change.value) differingText.add(word);
    if (change.removed) for (const word of change.value) differingSource.add(word);
  }
  return { text: pieces(text, textWords, differingText), source: pieces(source, sourceWords, differingSource) };
}
