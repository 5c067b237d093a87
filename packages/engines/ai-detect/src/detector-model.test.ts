import { beforeAll, describe, expect, it } from 'vitest';
import type { BoostedTrees } from './boosted-trees.js';
import { DetectorModel } from './detector-model.js';
import { committedDetectorModelFile } from './index.js';

const TEXTS = [
  'Honestly I never thought the bus would be late again, but there we were, stuck at the corner with our bags and a ' +
    'dog that would not stop barking at the pigeons. My sister laughed so hard she dropped her coffee.',
  'Artificial intelligence has transformed numerous industries by enabling more efficient processes and data-driven ' +
    'decisions. Furthermore, it offers significant opportunities for innovation while raising important ethical ' +
    'considerations that organizations must carefully address.',
];

const WEIGHT = 0.7;

describe('DetectorModel.documentLogOdds', () => {
  // The committed model is 22 MB: build the two variants once, not per case.
  let alone: DetectorModel;
  let combined: DetectorModel;
  beforeAll(() => {
    alone = new DetectorModel({ ...committedDetectorModelFile(), humanizedWeight: 0 });
    combined = new DetectorModel({ ...committedDetectorModelFile(), humanizedWeight: WEIGHT });
  });

  it.each(TEXTS)('adds the weighted log-odds of AI, disguised or not, to the document trees’ (%#)', (text) => {
    const values = alone.features(alone.score(text));
    const scores = alone.document.scores(values);
    const own = (scores[1] as number) - (scores[0] as number);
    const [human, ai, disguised] = ['human', 'ai', 'ai_humanized'].map(
      (name) => alone.humanized.probabilities(values)[alone.humanized.classes.indexOf(name)] as number,
    ) as [number, number, number];

    expect(alone.documentLogOdds(values)).toBeCloseTo(own, 10);
    expect(combined.documentLogOdds(values)).toBeCloseTo(own + WEIGHT * Math.log((ai + disguised) / human), 8);
  });

  it.each(TEXTS)('credits every feature’s push, the two models’ priors and the AI split aside (%#)', (text) => {
    const model = combined;
    const values = model.features(model.score(text));
    const sum = (pushes: Float64Array) => pushes.reduce((a, b) => a + b, 0);
    const { classes } = model.humanized;
    const h = classes.indexOf('human');
    const probabilities = model.humanized.probabilities(values);
    const aiMass = 1 - (probabilities[h] as number);
    // A class's prior: its bias and every tree's root value, no feature's doing.
    const prior = (classifier: DetectorModel['document'], k: number, against: number) => {
      const { bias, rounds } = (classifier as BoostedTrees).parameters;
      const roots = rounds.reduce(
        (total, round) => total + (round[k]?.value[0] as number) - (round[against]?.value[0] as number),
        0,
      );
      return (bias[k] as number) - (bias[against] as number) + roots;
    };
    // log Σ exp(score_k) = Σ share_k · score_k + entropy(share): the pushes credit the first part.
    let priors = prior(model.document, 1, 0);
    let entropy = 0;
    probabilities.forEach((p, k) => {
      if (k === h) return;
      const share = p / aiMass;
      priors += WEIGHT * share * prior(model.humanized, k, h);
      entropy -= share * Math.log(share);
    });

    expect(sum(model.documentContributions(values))).toBeCloseTo(
      model.documentLogOdds(values) - priors - WEIGHT * entropy,
      6,
    );
    expect(sum(alone.documentContributions(values))).toBeCloseTo(sum(model.document.contributions(values, 1, 0)), 10);
  });
});
