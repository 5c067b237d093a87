import { describe, expect, it } from 'vitest';
import { detectAi, documentLogOdds, evidenceFrom, labelOf } from './detect.js';
import { DetectorModel } from './detector-model.js';
import { featureNames } from './features.js';
import { defaultDetectorModel } from './index.js';
import { trainLanguageModel } from './language-model.js';
import { sigmoid, trainLinearModel } from './linear-model.js';
import { aiDetectionReportSchema } from './report.schema.js';
import { thresholdLogOddsAt } from './sensitivity.js';

const thresholds = { threshold: 0.9, humanThreshold: 0.3, minimumWords: 40, sentences: [] };

describe('labelOf', () => {
  it('reads the label from the score against the thresholds; the interval only says how close it is', () => {
    expect(labelOf({ ...thresholds, words: 200, probability: 0.95, low: 0.92, high: 0.99 })).toEqual({
      label: 'ai',
      reasons: [],
    });
    // At or past the threshold is AI even when the interval reaches below it: the verdict says it is close.
    expect(labelOf({ ...thresholds, words: 200, probability: 0.91, low: 0.7, high: 0.97 })).toEqual({
      label: 'ai',
      reasons: ['near_threshold'],
    });
    expect(labelOf({ ...thresholds, words: 200, probability: 0.1, low: 0.05, high: 0.29 })).toEqual({
      label: 'human',
      reasons: [],
    });
    expect(labelOf({ ...thresholds, words: 200, probability: 0.2, low: 0.05, high: 0.5 })).toEqual({
      label: 'human',
      reasons: ['near_threshold'],
    });
    // Between the thresholds is "can't tell".
    expect(labelOf({ ...thresholds, words: 200, probability: 0.5, low: 0.4, high: 0.6 })).toEqual({
      label: 'uncertain',
      reasons: ['near_threshold'],
    });
  });

  it('says uncertain under the minimum length whatever the score', () => {
    for (const probability of [0.999, 0.001]) {
      expect(labelOf({ ...thresholds, words: 39, probability, low: probability, high: probability })).toEqual({
        label: 'uncertain',
        reasons: ['too_short'],
      });
    }
  });

  it('calls a text mixed when confident AI and confident human sentences each hold a quarter of the words', () => {
    const sentences = [
      { ai_probability: 0.95, words: 50 },
      { ai_probability: 0.05, words: 50 },
    ];
    expect(labelOf({ ...thresholds, words: 100, probability: 0.7, low: 0.5, high: 0.95, sentences }).label).toBe(
      'mixed',
    );
    expect(labelOf({ ...thresholds, words: 100, probability: 0.7, low: 0.5, high: 0.85, sentences }).label).toBe(
      'uncertain',
    );
  });
});

describe('evidenceFrom', () => {
  const column = (entries: Record<string, number>) => Float64Array.from(featureNames, (name) => entries[name] ?? 0);

  it('lists the strongest pushes first, and names a count the text has none of as absent', () => {
    const pushes = column({ quotes: 0.8, log_probability_mean: 0.5, commas: -0.3, dashes: 0.01 });
    const values = column({ quotes: 0, log_probability_mean: 0, commas: 0.05, dashes: 0 });
    expect(evidenceFrom(pushes, values, 6)).toEqual([
      { feature: 'quotes', label: 'No double quotation marks', contribution: 0.8 },
      // Not a count: a value of 0 is just a value.
      {
        feature: 'log_probability_mean',
        label: 'How predictable the words are to a model of human writing',
        contribution: 0.5,
      },
      { feature: 'commas', label: 'Commas per word', contribution: -0.3 },
    ]);
  });
});

describe('trainLinearModel', () => {
  it('separates separable classes, deterministically', () => {
    const rows = [
      [0, 1],
      [0.2, 0.9],
      [1, 0],
      [0.9, 0.1],
    ];
    const fit = () => trainLinearModel(rows, [0, 0, 1, 1], ['a', 'b'], ['x', 'y'], { l2: 1e-3, iterations: 200 });
    const model = fit();
    expect(model.probabilities([0.1, 0.95])[0]).toBeGreaterThan(0.8);
    expect(model.probabilities([0.95, 0.05])[1]).toBeGreaterThan(0.8);
    expect(fit().parameters).toEqual(model.parameters);
  });
});

describe('trainLanguageModel', () => {
  it('gives a seen continuation a higher probability and a better rank than an unseen one', () => {
    const corpus = Array.from({ length: 20 }, () => ['the', 'cat', 'sat', 'on', 'the', 'mat']);
    const model = trainLanguageModel(corpus, new Map([['dog', 5]]), { minWordCount: 1, minNgramCount: 1 });
    const starts = new Uint8Array([1, 0, 0]);
    const seen = model.score(['the', 'cat', 'sat'], starts);
    const unseen = model.score(['the', 'cat', 'dog'], starts);
    expect(seen.logProbability[2]).toBeGreaterThan(unseen.logProbability[2] as number);
    expect(seen.rank[2]).toBe(1);
    expect(unseen.unseenBigram[2]).toBe(1);
  });
});

describe('LanguageModel.spellingOf', () => {
  const counts = new Map([
    ['word', 500],
    ['world', 1000],
    ['weird', 5],
  ]);
  const model = trainLanguageModel([], counts, { minWordCount: 1, minNgramCount: 1 });

  it('reads a typo as the most common known word one edit away', () => {
    expect(model.spellingOf('wrod')).toBe('word');
    expect(model.spellingOf('woord')).toBe('word');
    // Both "word" (a letter dropped) and "world" (two letters swapped) are one edit away: the commoner wins.
    expect(model.spellingOf('wordl')).toBe('world');
  });

  it('leaves known words, short words and typos of rare words alone', () => {
    expect(model.spellingOf('word')).toBe('word');
    expect(model.spellingOf('wrd')).toBe('wrd');
    expect(model.spellingOf('wierd')).toBe('wierd');
    expect(model.spellingOf('xyzzy')).toBe('xyzzy');
  });
});

describe('LanguageModel.joinedWord', () => {
  const counts = new Map([
    ['word', 500],
    ['in', 900],
    ['to', 900],
    ['into', 400],
    ['ward', 5],
  ]);
  const model = trainLanguageModel([], counts, { minWordCount: 1, minNgramCount: 1 });

  it('joins fragments of a known word when one of them is unknown', () => {
    expect(model.joinedWord('wo', 'rd')).toBe('word');
    expect(model.joinedWord('w', 'ord')).toBe('word');
  });

  it('keeps two known words apart, and never joins into a rare or unknown word', () => {
    expect(model.joinedWord('in', 'to')).toBeUndefined();
    expect(model.joinedWord('wa', 'rd')).toBeUndefined();
    expect(model.joinedWord('wo', 'rld')).toBeUndefined();
  });
});

describe('detectAi with the committed model', () => {
  const model = defaultDetectorModel();
  const text = `The committee met on Tuesday to review the budget. Several members raised concerns about the cost of the
new library wing, which had grown by a third since the spring. After a long discussion they agreed to ask the architect
for a cheaper design and to meet again in a month. The chair thanked everyone for their patience and closed the meeting
just after nine, when the caretaker began switching off the lights in the hall.`;

  it('returns a valid report whose sentences index into the text, the same every time', () => {
    const report = aiDetectionReportSchema.parse(detectAi(text, model));
    expect(report.sentences.length).toBe(4);
    for (const sentence of report.sentences) expect(text.slice(sentence.start, sentence.end)).toMatch(/^[A-Z].*\.$/s);
    expect(report.confidence_interval.low).toBeLessThanOrEqual(report.ai_probability);
    expect(report.confidence_interval.high).toBeGreaterThanOrEqual(report.ai_probability);
    expect(report.human_threshold).toBeLessThanOrEqual(report.threshold);
    expect(detectAi(text, model)).toEqual(report);
  });

  it('shows the log-odds and the lines through the model’s probability scale, and reads the same verdicts', () => {
    const report = detectAi(text, model);
    const { logOdds } = documentLogOdds(model, model.score(text));
    const domain = model.domainOf(model.features(model.score(text)));
    const line = thresholdLogOddsAt(model.file.levels, 'balanced', report.words, domain);
    expect(model.file.probabilityScale.slope).toBeGreaterThan(0);
    expect(report.ai_probability).toBeCloseTo(model.probabilityOf(logOdds), 3);
    expect(report.threshold).toBeCloseTo(model.probabilityOf(line), 6);
    expect(report.label === 'ai').toBe(logOdds >= line);
    // The same text with the identity scale: other numbers, the same verdict.
    const raw = new DetectorModel({ ...model.file, probabilityScale: { slope: 1, intercept: 0 } });
    const rawReport = detectAi(text, raw);
    expect(rawReport.ai_probability).toBeCloseTo(sigmoid(logOdds), 3);
    expect(rawReport.label).toBe(report.label);
    expect(rawReport.uncertainty).toEqual(report.uncertainty);
  });

  it('reads a text disguised with look-alike letters and hidden characters as the plain text, and says so', () => {
    // A zero-width space inside every " the ", and every "e" a Cyrillic е.
    const disguise = (plainText: string) => plainText.replace(/ the /g, ' th\u200Be ').replace(/e/g, '\u0435');
    const disguised = disguise(text);
    const plain = detectAi(text, model);
    const report = aiDetectionReportSchema.parse(detectAi(disguised, model));
    expect(plain.obfuscation).toBeUndefined();
    expect(report.obfuscation).toEqual({
      hidden_characters: text.match(/ the /g)?.length,
      look_alike_letters: text.match(/e/g)?.length,
    });
    expect(report.ai_probability).toBe(plain.ai_probability);
    expect(report.words).toBe(plain.words);
    // Sentences are spans of the text as submitted.
    expect(report.sentences.map((s) => disguised.slice(s.start, s.end))).toEqual(
      plain.sentences.map((s) => disguise(text.slice(s.start, s.end))),
    );
  });

  it('reads typos as the words they stand for, and leaves capitalised names alone', () => {
    const typos = text
      .replace('committee', 'comimttee')
      .replace('discussion', 'discusison')
      .replace('patience', 'pateince');
    expect(detectAi(typos, model).ai_probability).toBe(detectAi(text, model).ai_probability);
    expect(model.score('Comimttee').lower).toEqual(['comimttee']);
  });

  it('reads words split by a space as the words they are, and keeps two real words apart', () => {
    const split = text
      .replace('committee', 'commi ttee')
      .replace('discussion', 'discus sion')
      .replace('architect', 'a rchitect')
      .replace('Several', 'Sev eral');
    const plain = detectAi(text, model);
    const report = detectAi(split, model);
    expect(report.ai_probability).toBe(plain.ai_probability);
    expect(report.words).toBe(plain.words);
    expect(report.sentences.map((s) => split.slice(s.start, s.end))).toEqual(
      plain.sentences.map((s) =>
        text
          .slice(s.start, s.end)
          .replace('committee', 'commi ttee')
          .replace('discussion', 'discus sion')
          .replace('architect', 'a rchitect')
          .replace('Several', 'Sev eral'),
      ),
    );
    expect(model.score('They walked in to the hall.').lower).toEqual(['they', 'walked', 'in', 'to', 'the', 'hall']);
  });

  it('says a short text is too short to tell', () => {
    const report = detectAi('The fence is fixed now, finally.', model);
    expect(report.label).toBe('uncertain');
    expect(report.uncertainty).toEqual(['too_short']);
    expect(report.source_model).toBeNull();
  });

  it('reads the verdict at the level asked for (balanced by default), with that level’s numbers', () => {
    const at = Object.fromEntries(
      (['strict', 'balanced', 'sensitive'] as const).map((level) => [
        level,
        detectAi(text, model, { sensitivity: level }),
      ]),
    );
    expect(detectAi(text, model).sensitivity?.level).toBe('balanced');
    // The same score, read against lower lines as the level loosens.
    expect(at.strict?.ai_probability).toBe(at.sensitive?.ai_probability);
    expect(at.strict?.threshold).toBeGreaterThan(at.balanced?.threshold as number);
    expect(at.balanced?.threshold).toBeGreaterThan(at.sensitive?.threshold as number);
    for (const [level, report] of Object.entries(at)) {
      expect(report?.sensitivity).toEqual({
        level,
        false_positive_rate: expect.any(Number),
        detection_rate: expect.any(Number),
      });
      expect(report?.human_threshold).toBeLessThanOrEqual(report?.threshold as number);
      expect(report?.label === 'ai').toBe((report?.ai_probability as number) >= (report?.threshold as number));
    }
    expect(at.strict?.sensitivity?.false_positive_rate).toBeLessThan(
      at.sensitive?.sensitivity?.false_positive_rate as number,
    );
  });

  it('reads a stricter level at a higher line, the same score', () => {
    const [strict, balanced, sensitive] = (['strict', 'balanced', 'sensitive'] as const).map((sensitivity) =>
      detectAi(text, model, { sensitivity }),
    );
    expect(strict?.threshold).toBeGreaterThan(balanced?.threshold ?? 1);
    expect(balanced?.threshold).toBeGreaterThan(sensitive?.threshold ?? 1);
    expect(new Set([strict, balanced, sensitive].map((report) => report?.ai_probability)).size).toBe(1);
  });

  it('says when a text is a kind of writing the detector rarely saw', () => {
    const code = Array.from(
      { length: 12 },
      (_, i) => `const value${i} = computeTotal(items[${i}], OFFSET_${i}) * FACTOR; // TODO: check NULL and NaN cases`,
    ).join('\n');
    expect(detectAi(code, model).uncertainty).toContain('unfamiliar_writing');
    expect(detectAi(text, model).uncertainty).not.toContain('unfamiliar_writing');
  });
});
