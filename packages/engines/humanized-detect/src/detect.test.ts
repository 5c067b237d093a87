import { aiMassLogOdds, DetectorModel, defaultDetectorModel, HUMANIZED_SURE_WORDS } from '@candor/engine-ai-detect';
import { thresholdLogOddsAt } from '@candor/engine-ai-detect/sensitivity';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectHumanized } from './detect.js';

const FLUENT =
  'Artificial intelligence has transformed many aspects of modern life, offering significant benefits across ' +
  'various industries. Furthermore, it is important to note that these technologies also present notable ' +
  'challenges that must be carefully considered.';

// Loading the 22 MB model and the thesaurus takes seconds on a busy machine: not the first test's to pay.
beforeAll(() => {
  detectHumanized(FLUENT);
}, 120_000);

describe('detectHumanized word-level signals', () => {
  it('does not mark natural pairs of less common words as broken collocations', () => {
    const report = detectHumanized(FLUENT);
    const breaks = report.signals.filter((signal) => signal.kind === 'collocation_break');
    const pairs = breaks.map((signal) => FLUENT.slice(signal.start, signal.end));
    expect(pairs).not.toContain('modern life');
    expect(pairs).not.toContain('various industries');
    expect(breaks.length).toBeLessThanOrEqual(2);
  });

  it('marks common words thrown together in an order people never use', () => {
    const text = `${FLUENT} The of the will be in they to a.`;
    const pairs = detectHumanized(text)
      .signals.filter((signal) => signal.kind === 'collocation_break')
      .map((signal) => text.slice(signal.start, signal.end));
    expect(pairs).toEqual(expect.arrayContaining(['The of', 'they to']));
  });
});

// Written for this test, about nothing the detector was trained on.
const PLAIN_PROSE =
  'I moved back to my home town last spring, mostly to be closer to my parents. Working from home has its ups and ' +
  'downs. Some days I get more done before lunch than I used to in a whole week at the office, and other days I ' +
  'spend an hour looking for a pen. My neighbours run their business out of the garage next door, so there is ' +
  'always someone around to talk to. At the end of the day, it suits me. I still take the train into the city ' +
  'once a month in order to see the team, and we usually go for a drink afterwards.';

const marked = (text: string) => detectHumanized(text).signals.map((signal) => text.slice(signal.start, signal.end));

describe('detectHumanized unusual word choices', () => {
  it('marks nothing in everyday phrases that are common in English', () => {
    for (const text of [
      'Working from home has changed how small firms run their business.',
      'At the end of the day, we need more staff in order to finish on time.',
      'Artificial intelligence and deep learning now help doctors find breast cancer early.',
    ]) {
      expect(marked(text), text).toEqual([]);
    }
  });

  it('marks nothing in a paragraph of plain human prose', () => {
    expect(marked(PLAIN_PROSE)).toEqual([]);
  });

  it('marks the pairs a swapped synonym breaks, where English says the pair another way', () => {
    // A word spinner's "tortured phrases": deep learning, false consciousness, breast cancer, make sure.
    const text =
      'Researchers used profound learning to find bosom cancer in the scans. Advances in counterfeit consciousness ' +
      'have changed how small firms work, and we need to create sure that everyone is safe.';
    expect(marked(text)).toEqual(
      expect.arrayContaining(['profound learning', 'bosom cancer', 'counterfeit consciousness', 'create sure']),
    );
    expect(detectHumanized(text).signals.every((signal) => signal.kind === 'collocation_break')).toBe(true);
  });
});

describe('detectHumanized on a disguised text', () => {
  it('scores the plain text, marks words at their offsets as submitted, and reports the disguise', () => {
    // Cyrillic о for every "o", and a soft hyphen inside "intelligence".
    const disguised = FLUENT.replace(/o/g, '\u043E').replace('intelligence', 'intelli\u00ADgence');
    const plain = detectHumanized(FLUENT);
    const report = detectHumanized(disguised);
    expect(report.probabilities).toEqual(plain.probabilities);
    expect(report.obfuscation).toEqual({ hidden_characters: 1, look_alike_letters: FLUENT.match(/o/g)?.length });
    expect(plain.obfuscation).toBeUndefined();
    const submitted = (signal: { start: number; end: number }) =>
      disguised
        .slice(signal.start, signal.end)
        .replace(/\u043E/g, 'o')
        .replace('\u00AD', '');
    expect(report.signals.map(submitted)).toEqual(
      plain.signals.map((signal) => FLUENT.slice(signal.start, signal.end)),
    );
    expect(report.sentences.map(submitted)).toEqual(plain.sentences.map((s) => FLUENT.slice(s.start, s.end)));
  });
});

describe('detectHumanized verdicts', () => {
  it('gives a short text a best guess, never a confident call', () => {
    const note =
      'ok so the bus was late AGAIN this morning and I ended up walking half the way in the rain. my shoes are ' +
      "still wet. anyway, did anyone grab the spare key from Sam's desk? I think he left it there on friday.";
    const report = detectHumanized(note);
    expect(report.words).toBeGreaterThanOrEqual(40);
    expect(report.words).toBeLessThan(HUMANIZED_SURE_WORDS);
    expect(report.uncertain).toBe(true);
    expect(report.verdict).toMatch(/^Too short to be sure: under 150 words a verdict is a best guess\. Best guess: /);
  });

  it('calls a long text AI-written exactly when the chance of AI, disguised or not, reaches the level’s line', () => {
    const text = Array.from({ length: 5 }, () => FLUENT).join('\n\n');
    const model = defaultDetectorModel();
    // Each level's line for the kind of writing the text reads most like, where it draws one per kind.
    const domain = model.domainOf(model.features(model.score(text)));
    for (const sensitivity of ['strict', 'balanced', 'sensitive'] as const) {
      const report = detectHumanized(text, model, undefined, { sensitivity });
      expect(report.words).toBeGreaterThanOrEqual(HUMANIZED_SURE_WORDS);
      expect(report.sensitivity?.level).toBe(sensitivity);
      const aiMass = report.probabilities.ai + report.probabilities.ai_humanized;
      // The line as the report's probability reads it: through the model's humanized probability scale.
      const line = model.humanizedProbabilityOf(
        thresholdLogOddsAt(model.file.humanizedLevels, sensitivity, report.words, domain),
      );
      expect(report.label !== 'human').toBe(aiMass >= line - 0.001);
      if (report.label !== 'human') {
        expect(report.label).toBe(report.probabilities.ai >= report.probabilities.ai_humanized ? 'ai' : 'ai_humanized');
      }
      expect(report.uncertain).toBe((report.uncertainty ?? []).length > 0);
      if (report.uncertainty?.includes('near_threshold')) expect(report.verdict).toMatch(/^Too close to call/);
    }
  });

  it('shows the trees’ chance of AI through the model’s scale, split as they split it, and reads the same verdicts', () => {
    const text = Array.from({ length: 3 }, () => FLUENT).join('\n\n');
    const model = defaultDetectorModel();
    const values = model.features(model.score(text));
    const own = model.humanized.probabilities(values);
    const [human = 0, ai = 0, disguised = 0] = ['human', 'ai', 'ai_humanized'].map(
      (name) => own[model.humanized.classes.indexOf(name)] as number,
    );
    expect(model.file.humanizedProbabilityScale.slope).toBeGreaterThan(0);
    const report = detectHumanized(text, model);
    const shown = model.humanizedProbabilityOf(aiMassLogOdds([human, ai, disguised]));
    expect(report.probabilities.human).toBeCloseTo(1 - shown, 3);
    expect(report.probabilities.ai).toBeCloseTo((shown * ai) / (ai + disguised), 2);
    // The identity scale shows the trees' own probabilities, and every level reads the same verdict.
    const raw = new DetectorModel({ ...model.file, humanizedProbabilityScale: { slope: 1, intercept: 0 } });
    for (const sensitivity of ['strict', 'balanced', 'sensitive'] as const) {
      const rawReport = detectHumanized(text, raw, undefined, { sensitivity });
      expect(rawReport.probabilities.human).toBeCloseTo(human, 3);
      const scaledReport = detectHumanized(text, model, undefined, { sensitivity });
      expect(rawReport.label).toBe(scaledReport.label);
      expect(rawReport.uncertainty).toEqual(scaledReport.uncertainty);
    }
  });

  it('reads the verdict at balanced unless told otherwise', () => {
    expect(detectHumanized(FLUENT).sensitivity?.level).toBe('balanced');
  });
});
