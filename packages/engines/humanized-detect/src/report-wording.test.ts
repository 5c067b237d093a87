import { describe, expect, it } from 'vitest';
import { classPercents, evidenceTowards, runnerUpOf, signalWording, towardsWords } from './report-wording.js';

describe('humanized detection report wording', () => {
  it('gives the three probabilities as percents that add up to 100 as shown', () => {
    // One by one these round to 50%, 49% and 2%.
    expect(classPercents({ human: 0.496, ai: 0.486, ai_humanized: 0.018 })).toEqual({
      human: '50%',
      ai: '48%',
      ai_humanized: '2%',
    });
  });

  it('calls the underlined words signs of a paraphraser only when the verdict says one was used', () => {
    const paraphrased = signalWording('ai_humanized');
    expect(paraphrased.title).toBe('Signs of a paraphraser');
    expect(paraphrased.legend).toBe('Signs of a paraphraser, underlined');
    expect(paraphrased.caption(3)).toBe('3 word-level signs of a paraphraser underlined.');
    expect(paraphrased.caption(0)).toBe('No single word stands out; the verdict rests on the text as a whole.');
    for (const label of ['ai', 'human'] as const) {
      const wording = signalWording(label);
      expect(wording.title).toBe('Unusual word choices');
      expect(wording.legend).toBe('Unusual word choices, underlined');
      expect(wording.caption(1)).toBe('1 unusual word choice underlined: worth a look, not proof of a paraphraser.');
      expect(wording.caption(25)).toBe('25 unusual word choices underlined: worth a look, not proof of a paraphraser.');
      expect(wording.caption(0)).toBe('No word-level signs of a paraphraser were found.');
    }
  });

  it('says which class each piece of a verdict’s evidence pushed towards: the verdict’s, or the runner-up’s', () => {
    const probabilities = { human: 0.91, ai: 0.08, ai_humanized: 0.01 };
    expect(runnerUpOf('human', probabilities)).toBe('ai');
    expect(runnerUpOf('ai_humanized', { human: 0.2, ai: 0.35, ai_humanized: 0.45 })).toBe('ai');
    const push = (contribution: number) => ({ feature: 'commas', label: 'Commas per word', contribution });
    expect(towardsWords[evidenceTowards(push(0.8), 'human', probabilities)]).toBe('towards human');
    expect(towardsWords[evidenceTowards(push(-0.3), 'human', probabilities)]).toBe('towards AI');
    expect(towardsWords[evidenceTowards(push(-0.3), 'ai', { human: 0.3, ai: 0.4, ai_humanized: 0.3 })]).toBe(
      'towards human',
    );
  });
});
