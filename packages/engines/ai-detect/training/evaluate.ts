import { documentLogOdds, labelOf } from '../src/detect.js';
import type { DetectorModel, DetectorModelFile } from '../src/detector-model.js';
import type { ScoredText } from '../src/features.js';
import { HUMANIZED_SURE_WORDS, humanizedVerdictIsSure } from '../src/humanized-verdict.js';
import { sigmoid } from '../src/linear-model.js';
import { foldOf, type LabelledText } from './dataset.js';
import { auroc, macroF1, thresholdForFalsePositiveRate, thresholdForMissRate } from './metrics.js';
import { crossFitAiScores, crossFitScores, fitDetectorModels, trainingSet } from './pipeline.js';

/**
 * The evaluations the model cards and bench/README.md report. Every number comes from texts the model (language
 * model included) did not train on: leave-one-generator-out, leave-one-domain-out, and out-of-fold predictions.
 */
export interface Evaluation {
  leaveOneGeneratorOut: {
    generator: string;
    family: string;
    texts: number;
    auroc: number;
    detectedAtThreshold: number;
  }[];
  leaveOneDomainOut: { domain: string; human: number; ai: number; auroc: number; falsePositiveRate: number }[];
  outOfFold: {
    auroc: number;
    /**
     * The default AI threshold: the higher of `inDomainThreshold` and `unseenDomainThreshold`, so that a kind of
     * writing the detector never saw is not flagged more often than 1% of the time either.
     */
    threshold: number;
    /** 1% of the human texts score above it out of fold (their domains seen in training). */
    inDomainThreshold: number;
    /** 1% of the human texts score above it when their whole domain was left out of training (pooled). */
    unseenDomainThreshold: number;
    /** Below it a text is called human: at most 5% of the AI texts score lower out of fold. */
    humanThreshold: number;
    /** AI texts whose out-of-fold probability is below the human threshold. */
    aiBelowHumanThreshold: number;
    /** Human texts whose out-of-fold probability is below the human threshold. */
    humanBelowHumanThreshold: number;
    falsePositiveRate: number;
    truePositiveRate: number;
    /** Texts under 150 words: share labelled uncertain, and share confidently wrong. */
    short: { texts: number; uncertain: number; confidentlyWrong: number };
    labels: Record<string, Record<string, number>>;
    familyAccuracy: number;
    familyTexts: number;
    humanizedMacroF1: number;
    humanizedConfusion: number[][];
    /** Texts of `HUMANIZED_SURE_WORDS` words or more: share given a confident verdict, and share of those wrong. */
    humanizedLong: {
      texts: number;
      sure: number;
      sureWrong: number;
      /** Per domain: the share of confident verdicts that were wrong, and how many there were. */
      sureWrongByDomain: { domain: string; sure: number; sureWrong: number }[];
    };
    revisedHumanCalledAi: number;
  };
}

const HELD_OUT_HUMAN_FOLD = 0;
const FOLDS = 5;

export function evaluateDetectors(texts: readonly LabelledText[], log: (line: string) => void): Evaluation {
  const set = trainingSet(texts);
  log(`Scoring ${texts.length} texts with cross-fitted language models`);
  const scored = crossFitScores(texts);
  const isAi = (i: number) => set.binary[i] === 1;
  const all = texts.map((_, i) => i).filter((i) => set.binary[i] !== undefined);

  const logOddsWith = (fitted: DetectorModel, i: number) => documentLogOdds(fitted, scored[i] as ScoredText).logOdds;

  // Out-of-fold predictions over five folds of groups.
  const probability = new Map<number, number>();
  const labels: Record<string, Record<string, number>> = {};
  const short = { texts: 0, uncertain: 0, confidentlyWrong: 0 };
  let familyRight = 0;
  let familyTexts = 0;
  const humanizedTruth: number[] = [];
  const humanizedPredicted: number[] = [];
  /** Texts long enough for a confident humanized verdict: how many got one, and how many of those were wrong. */
  const humanizedLong = { texts: 0, sure: 0, sureWrong: 0 };
  const humanizedSureByDomain = new Map<string, { sure: number; wrong: number }>();
  const revised: number[] = [];
  const outOfFoldHuman: number[] = [];
  const fittedByFold: DetectorModel[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const fitted = fitDetectorModels(
      set,
      all.filter((i) => foldOf(texts[i] as LabelledText, FOLDS) !== fold),
      scored,
    );
    fittedByFold.push(fitted);
    for (const i of all.filter((k) => foldOf(texts[k] as LabelledText, FOLDS) === fold)) {
      const logOdds = logOddsWith(fitted, i);
      probability.set(i, sigmoid(logOdds));
      if (!isAi(i)) outOfFoldHuman.push(sigmoid(logOdds));
      const text = texts[i] as LabelledText;
      if (isAi(i) && text.family && text.origin === 'ai') {
        const probabilities = fitted.family.probabilities(fitted.features(scored[i] as ScoredText));
        const best = probabilities.indexOf(Math.max(...probabilities));
        familyTexts++;
        if (fitted.family.classes[best] === text.family) familyRight++;
      }
      const three = set.humanized[i];
      if (three !== undefined) {
        const probabilities = fitted.humanized.probabilities(fitted.features(scored[i] as ScoredText));
        const predicted = probabilities.indexOf(Math.max(...probabilities));
        humanizedTruth.push(three);
        humanizedPredicted.push(predicted);
        const words = (scored[i] as ScoredText).words.length;
        if (words >= HUMANIZED_SURE_WORDS) {
          humanizedLong.texts++;
          if (humanizedVerdictIsSure(words, [...probabilities])) {
            humanizedLong.sure++;
            if (predicted !== three) humanizedLong.sureWrong++;
            const inDomain = humanizedSureByDomain.get(text.domain) ?? { sure: 0, wrong: 0 };
            inDomain.sure++;
            if (predicted !== three) inDomain.wrong++;
            humanizedSureByDomain.set(text.domain, inDomain);
          }
        }
      }
    }
    for (const i of texts.map((_, k) => k).filter((k) => texts[k]?.origin === 'ai_revised_human')) {
      if (foldOf(texts[i] as LabelledText, FOLDS) === fold) revised.push(logOddsWith(fitted, i));
    }
  }
  const inDomainThreshold = thresholdForFalsePositiveRate(outOfFoldHuman, 0.01);

  // Leave one generator out: its texts and held-out human texts are the test; the rest trains, and the model of AI
  // writing is counted without the generator.
  // MixSet's humanized and edited AI texts name no generator: they are tested out of fold only.
  const generators = [
    ...new Set(
      all
        .filter(isAi)
        .map((i) => texts[i]?.generator)
        .filter((g) => g != null),
    ),
  ];
  const heldOutHuman = (i: number) => !isAi(i) && foldOf(texts[i] as LabelledText, FOLDS) === HELD_OUT_HUMAN_FOLD;
  const generatorRuns: { generator: string; family: string; auroc: number; aiLogOdds: number[] }[] = [];
  for (const generator of generators) {
    const isTest = (i: number) => (isAi(i) && texts[i]?.generator === generator) || heldOutHuman(i);
    const generatorScored = crossFitAiScores(texts, scored, (t) => t.generator === generator);
    const fitted = fitDetectorModels(
      set,
      all.filter((i) => !isTest(i)),
      generatorScored,
      'document',
    );
    const test = all.filter(isTest);
    const scores = test.map((i) => documentLogOdds(fitted, generatorScored[i] as ScoredText).logOdds);
    const positives = test.filter(isAi);
    generatorRuns.push({
      generator,
      family: texts[positives[0] as number]?.family ?? 'unknown',
      auroc: auroc(scores, test.map(isAi)),
      aiLogOdds: scores.filter((_, k) => isAi(test[k] as number)),
    });
    log(`  generator ${generator}: AUROC ${generatorRuns.at(-1)?.auroc.toFixed(3)}`);
  }

  // Leave one domain out: the language models, too, are retrained without the domain's human texts.
  const domains = [...new Set(all.map((i) => texts[i]?.domain as string))];
  const domainRuns: { domain: string; ai: number; auroc: number; humanLogOdds: number[] }[] = [];
  for (const domain of domains) {
    const domainScored = crossFitScores(texts, domain);
    const test = all.filter((i) => texts[i]?.domain === domain);
    const fitted = fitDetectorModels(
      set,
      all.filter((i) => texts[i]?.domain !== domain),
      domainScored,
      'document',
    );
    const scores = test.map((i) => documentLogOdds(fitted, domainScored[i] as ScoredText).logOdds);
    const humanLogOdds = scores.filter((_, k) => !isAi(test[k] as number));
    domainRuns.push({
      domain,
      ai: test.length - humanLogOdds.length,
      auroc: auroc(scores, test.map(isAi)),
      humanLogOdds,
    });
    log(`  domain ${domain}: AUROC ${domainRuns.at(-1)?.auroc.toFixed(3)}`);
  }

  const unseenDomainThreshold = thresholdForFalsePositiveRate(
    domainRuns.flatMap((run) => run.humanLogOdds.map(sigmoid)),
    0.01,
  );
  const threshold = Math.max(inDomainThreshold, unseenDomainThreshold);
  const thresholdLogOdds = Math.log(threshold / (1 - threshold));
  const leaveOneGeneratorOut: Evaluation['leaveOneGeneratorOut'] = generatorRuns.map((run) => ({
    generator: run.generator,
    family: run.family,
    texts: run.aiLogOdds.length,
    auroc: run.auroc,
    detectedAtThreshold: run.aiLogOdds.filter((l) => l >= thresholdLogOdds).length / run.aiLogOdds.length,
  }));
  const leaveOneDomainOut: Evaluation['leaveOneDomainOut'] = domainRuns.map((run) => ({
    domain: run.domain,
    human: run.humanLogOdds.length,
    ai: run.ai,
    auroc: run.auroc,
    falsePositiveRate:
      run.humanLogOdds.filter((l) => l >= thresholdLogOdds).length / Math.max(run.humanLogOdds.length, 1),
  }));

  const outOfFoldAi = all.filter(isAi).map((i) => probability.get(i) as number);
  const humanThreshold = Math.min(thresholdForMissRate(outOfFoldAi, 0.05), threshold);
  for (const i of all) {
    const fitted = fittedByFold[foldOf(texts[i] as LabelledText, FOLDS)] as DetectorModel;
    const s = scored[i] as ScoredText;
    const document = documentLogOdds(fitted, s);
    const z = 1.645 * document.standardError;
    const label = labelOf({
      words: s.words.length,
      probability: sigmoid(document.logOdds),
      low: sigmoid(document.logOdds - z),
      high: sigmoid(document.logOdds + z),
      threshold,
      humanThreshold,
      minimumWords: fitted.file.minimumWords,
      sentences: [],
    });
    const truth = isAi(i) ? 'ai' : 'human';
    labels[truth] ??= {};
    (labels[truth] as Record<string, number>)[label] = ((labels[truth] as Record<string, number>)[label] ?? 0) + 1;
    if (s.words.length < 150) {
      short.texts++;
      if (label === 'uncertain') short.uncertain++;
      if ((label === 'ai' && truth === 'human') || (label === 'human' && truth === 'ai')) short.confidentlyWrong++;
    }
  }
  const scores = all.map((i) => probability.get(i) as number);
  const humanScores = all.filter((i) => !isAi(i)).map((i) => probability.get(i) as number);
  const aiScores = all.filter(isAi).map((i) => probability.get(i) as number);
  const confusion = [0, 1, 2].map((t) =>
    [0, 1, 2].map((p) => humanizedTruth.filter((truth, k) => truth === t && humanizedPredicted[k] === p).length),
  );
  return {
    leaveOneGeneratorOut,
    leaveOneDomainOut,
    outOfFold: {
      auroc: auroc(scores, all.map(isAi)),
      threshold,
      inDomainThreshold,
      unseenDomainThreshold,
      humanThreshold,
      aiBelowHumanThreshold: aiScores.filter((p) => p < humanThreshold).length / aiScores.length,
      humanBelowHumanThreshold: humanScores.filter((p) => p < humanThreshold).length / humanScores.length,
      falsePositiveRate: humanScores.filter((p) => p >= threshold).length / humanScores.length,
      truePositiveRate: aiScores.filter((p) => p >= threshold).length / aiScores.length,
      short: {
        texts: short.texts,
        uncertain: short.uncertain / Math.max(short.texts, 1),
        confidentlyWrong: short.confidentlyWrong / Math.max(short.texts, 1),
      },
      labels,
      familyAccuracy: familyRight / Math.max(familyTexts, 1),
      familyTexts,
      humanizedMacroF1: macroF1(humanizedTruth, humanizedPredicted, 3),
      humanizedConfusion: confusion,
      humanizedLong: {
        texts: humanizedLong.texts,
        sure: humanizedLong.sure / Math.max(humanizedLong.texts, 1),
        sureWrong: humanizedLong.sureWrong / Math.max(humanizedLong.sure, 1),
        sureWrongByDomain: [...humanizedSureByDomain].map(([domain, { sure, wrong }]) => ({
          domain,
          sure,
          sureWrong: wrong / Math.max(sure, 1),
        })),
      },
      revisedHumanCalledAi: revised.filter((l) => sigmoid(l) >= threshold).length / Math.max(revised.length, 1),
    },
  };
}

export type { DetectorModelFile };
