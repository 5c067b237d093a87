import {
  aiMassLogOdds,
  combineLogOdds,
  type DetectorModel,
  defaultDetectorModel,
  documentFingerprint,
  evidenceFrom,
  HUMANIZED_SURE_WORDS,
  humanizedLabelAt,
  type LanguageModelCalibration,
  type LanguageModelScore,
  languageModelEvidenceOf,
} from '@candor/engine-ai-detect';
import {
  DEFAULT_SENSITIVITY,
  operatingPointOf,
  type Sensitivity,
  thresholdAt,
  type UncertaintyReason,
} from '@candor/engine-ai-detect/sensitivity';
import { obfuscationOf } from '@candor/engine-writing/obfuscation';
import {
  type ClassProbabilities,
  type HumanizedDetectionReport,
  type HumanizedLabel,
  humanizedLabels,
} from './report.schema.js';
import { runnerUpOf } from './report-wording.js';
import { defaultThesaurus, type Thesaurus } from './thesaurus.js';
import { wordChoiceSignals } from './word-choice.js';

const EVIDENCE_ITEMS = 3;

const lowerFirst = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The humanized trees' class probabilities for these features, in `humanizedLabels` order. */
function treeProbabilities(model: DetectorModel, values: Float64Array): number[] {
  const probabilities = model.humanized.probabilities(values);
  return humanizedLabels.map((name) => probabilities[model.humanized.classes.indexOf(name)] as number);
}

function byLabel([human = 0, ai = 0, disguised = 0]: readonly number[]): ClassProbabilities {
  return { human: round(human), ai: round(ai), ai_humanized: round(disguised) };
}

/** A probability that a text is AI-written, disguised or not, split between the two as the built-in trees split it. */
function splitAiMass(mass: number, builtIn: ClassProbabilities): ClassProbabilities {
  const share = builtIn.ai + builtIn.ai_humanized > 0 ? builtIn.ai / (builtIn.ai + builtIn.ai_humanized) : 0.5;
  return { human: round(1 - mass), ai: round(mass * share), ai_humanized: round(mass * (1 - share)) };
}

function best(probabilities: ClassProbabilities): HumanizedLabel {
  return [...humanizedLabels].sort((a, b) => probabilities[b] - probabilities[a])[0] as HumanizedLabel;
}

/** Evidence for the winning class against the strongest other one (`evidenceTowards` reads it back). */
function evidenceFor(
  model: DetectorModel,
  values: Float64Array,
  label: HumanizedLabel,
  probabilities: ClassProbabilities,
) {
  const classes = model.humanized.classes;
  return evidenceFrom(
    model.humanized.contributions(values, classes.indexOf(label), classes.indexOf(runnerUpOf(label, probabilities))),
    values,
    EVIDENCE_ITEMS,
  );
}

/**
 * The language model's strongest push, weighed like the rest: towards the label (positive) or its runner-up. It pushes
 * towards AI, disguised or not, so it weighs only where human is one of the two.
 */
function languageModelItem(
  pushes: ReturnType<typeof languageModelEvidenceOf>,
  label: HumanizedLabel,
  probabilities: ClassProbabilities,
) {
  const [strongest] = pushes;
  if (!strongest) return [];
  if (label === 'human') return [{ ...strongest, contribution: -strongest.contribution }];
  return runnerUpOf(label, probabilities) === 'human' ? [strongest] : [];
}

const verdicts: Record<HumanizedLabel, string> = {
  human: 'This text reads as written by a person.',
  ai: 'This text reads as AI-written and left as it was, not passed through a paraphraser.',
  ai_humanized: 'This text reads as AI-written and then disguised by a paraphraser or “humanizer”.',
};

export interface DetectHumanizedOptions {
  /** How readily to call a text AI-written, disguised or not (default balanced). */
  sensitivity?: Sensitivity;
  /**
   * The language model's scores of this text and its calibration: the probability that the text is AI-written,
   * disguised or not, becomes their calibrated combination with the built-in one; the split between AI and disguised
   * AI stays the built-in detector's.
   */
  languageModel?: { score: LanguageModelScore; calibration: LanguageModelCalibration };
}

const logit = (p: number) => Math.log(Math.max(p, 1e-12) / Math.max(1 - p, 1e-12));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function detectHumanized(
  text: string,
  model: DetectorModel = defaultDetectorModel(),
  thesaurus: Thesaurus = defaultThesaurus(),
  options: DetectHumanizedOptions = {},
): HumanizedDetectionReport {
  const level = options.sensitivity ?? DEFAULT_SENSITIVITY;
  const scored = model.score(text);
  const { canonical } = scored;
  const words = scored.words.length;
  const values = model.features(scored);
  const trees = treeProbabilities(model, values);
  const builtIn = byLabel(trees);
  // What the report shows of the built-in trees: their probability of AI, disguised or not, on the model's scale (the
  // trees' own is overconfident). The verdict reads the trees' own against thresholds set on it, so the scale, being
  // monotone, moves no verdict.
  const builtInShown = splitAiMass(model.humanizedProbabilityOf(aiMassLogOdds(trees)), builtIn);
  let probabilities = builtIn;
  let levels = model.file.humanizedLevels;
  let humanThreshold = model.file.humanizedHumanThreshold;
  let languageModelPushes: ReturnType<typeof languageModelEvidenceOf> = [];
  const local = options.languageModel;
  if (local) {
    if (local.calibration.builtIn.documentFingerprint !== documentFingerprint(model)) {
      throw new Error(
        `The calibration of ${local.calibration.model.name} was fitted against another built-in detector.`,
      );
    }
    const combined = combineLogOdds(
      local.calibration.humanized,
      { logOdds: logit(builtIn.ai + builtIn.ai_humanized), standardError: 0 },
      local.score,
    );
    probabilities = splitAiMass(sigmoid(combined.logOdds), builtIn);
    ({ levels, humanThreshold } = local.calibration.humanized);
    languageModelPushes = languageModelEvidenceOf(local.score.model, combined.pushes);
  }
  // The level's line for the kind of writing the text reads most like, where the level draws one per kind.
  const domain = model.domainOf(values);
  const threshold = thresholdAt(levels, level, words, domain);
  const verdict = humanizedLabelAt(
    [probabilities.human, probabilities.ai, probabilities.ai_humanized],
    words,
    threshold,
    humanThreshold,
  );
  const label = humanizedLabels[verdict.index] as HumanizedLabel;
  const reasons: UncertaintyReason[] = [...verdict.reasons];
  if (words >= model.file.minimumWords && model.isUnfamiliar(values)) reasons.push('unfamiliar_writing');
  const tooShort = words < model.file.minimumWords;
  const short = words < HUMANIZED_SURE_WORDS;
  const uncertain = reasons.length > 0;
  const sentences = scored.sentences.map((sentence, s) => {
    const sentenceValues = model.features(scored, s, s + 1);
    const sentenceProbabilities = byLabel(treeProbabilities(model, sentenceValues));
    const sentenceLabel = best(sentenceProbabilities);
    return {
      ...canonical.originalSpan(sentence.start, sentence.end),
      label: sentenceLabel,
      probabilities: sentenceProbabilities,
      evidence: evidenceFor(model, sentenceValues, sentenceLabel, sentenceProbabilities),
    };
  });
  // A language model's combination is a logistic regression already: its probability is shown as it is.
  const shown = local ? probabilities : builtInShown;
  return {
    label,
    probabilities: shown,
    uncertain,
    uncertainty: reasons,
    sensitivity: operatingPointOf(levels, level),
    ...(domain && levels[level].byDomain?.[domain] !== undefined ? { calibrated_for: domain } : {}),
    ...(local
      ? {
          language_model: {
            model: local.score.model,
            tokens: local.score.tokens,
            text_tokens: local.score.textTokens,
            windows: local.score.windows,
            sampled: local.score.sampled,
            built_in_probabilities: builtInShown,
          },
        }
      : {}),
    verdict: tooShort
      ? `Too short to tell: the detector needs at least ${model.file.minimumWords} words. Best guess: ${lowerFirst(verdicts[label])}`
      : short
        ? `Too short to be sure: under ${HUMANIZED_SURE_WORDS} words a verdict is a best guess. Best guess: ${lowerFirst(verdicts[label])}`
        : reasons.includes('near_threshold')
          ? `Too close to call: the chance it is AI-written, disguised or not, is near this setting's threshold. Best guess: ${lowerFirst(verdicts[label])}`
          : uncertain
            ? `${verdicts[label]} It is a kind of writing the detector rarely saw in training, so read the verdict with care.`
            : verdicts[label],
    words,
    sentences,
    signals: wordChoiceSignals(scored, model.englishLanguageModel, thesaurus),
    evidence: [
      // Weighed against the runner-up the report shows, as the screens and the PDF name it (`evidenceTowards`).
      ...evidenceFor(model, values, label, shown),
      ...languageModelItem(languageModelPushes, label, shown),
    ],
    model: { name: model.file.name, version: model.file.version },
    ...obfuscationOf(canonical),
  };
}
