// The seven readability formulas, as published; inputs are plain counts so each formula can be checked by hand.

export interface ReadabilityCounts {
  words: number;
  sentences: number;
  syllables: number;
  /** Words of three or more syllables (Gunning's "complex words", McLaughlin's polysyllables). */
  polysyllables: number;
  /** Letters only (Coleman–Liau). */
  letters: number;
  /** Letters and digits (ARI's "characters"). */
  characters: number;
  /** Words not on the Dale–Chall list of 3,000 familiar words. */
  difficultWords: number;
}

export interface ReadabilityScores {
  fleschReadingEase: number;
  fleschKincaidGrade: number;
  gunningFog: number;
  smog: number;
  colemanLiau: number;
  automatedReadabilityIndex: number;
  daleChall: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Scores rounded to two decimals; every formula gives 0 when there are no words, never NaN or Infinity. */
export function readability(c: ReadabilityCounts): ReadabilityScores {
  if (c.words === 0 || c.sentences === 0) {
    return {
      fleschReadingEase: 0,
      fleschKincaidGrade: 0,
      gunningFog: 0,
      smog: 0,
      colemanLiau: 0,
      automatedReadabilityIndex: 0,
      daleChall: 0,
    };
  }
  const wps = c.words / c.sentences;
  const spw = c.syllables / c.words;
  // Dale & Chall (1948), with the 1995 list of familiar words; +3.6365 when more than 5 % of words are difficult.
  const difficultPct = (100 * c.difficultWords) / c.words;
  const daleChall = 0.1579 * difficultPct + 0.0496 * wps + (difficultPct > 5 ? 3.6365 : 0);
  return {
    // Flesch (1948).
    fleschReadingEase: round2(206.835 - 1.015 * wps - 84.6 * spw),
    // Kincaid, Fishburne, Rogers & Chissom (1975).
    fleschKincaidGrade: round2(0.39 * wps + 11.8 * spw - 15.59),
    // Gunning (1952).
    gunningFog: round2(0.4 * (wps + (100 * c.polysyllables) / c.words)),
    // McLaughlin (1969), the formula normalised to 30 sentences.
    smog: round2(1.043 * Math.sqrt((c.polysyllables * 30) / c.sentences) + 3.1291),
    // Coleman & Liau (1975): L letters and S sentences per 100 words.
    colemanLiau: round2(0.0588 * ((100 * c.letters) / c.words) - 0.296 * ((100 * c.sentences) / c.words) - 15.8),
    // Smith & Senter (1967).
    automatedReadabilityIndex: round2(4.71 * (c.characters / c.words) + 0.5 * wps - 21.43),
    daleChall: round2(daleChall),
  };
}
