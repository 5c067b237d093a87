/** The offsets of each sentence in `text`, found in order, for test fixtures that must match the text exactly. */
export function sentenceRanges(text: string, sentences: readonly string[]): { start: number; end: number }[] {
  let from = 0;
  return sentences.map((sentence) => {
    const start = text.indexOf(sentence, from);
    if (start === -1) throw new Error(`"${sentence}" is not in the text after offset ${from}`);
    from = start + sentence.length;
    return { start, end: from };
  });
}

/** The offsets of `word` in `text`, searching from `from`. */
export function wordRange(text: string, word: string, from = 0): { start: number; end: number } {
  const start = text.indexOf(word, from);
  if (start === -1) throw new Error(`"${word}" is not in the text`);
  return { start, end: start + word.length };
}
