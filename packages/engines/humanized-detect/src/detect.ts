import {
  type DetectorModel,
  defaultDetectorModel,
  evidenceFrom,
  HUMANIZED_SURE_WORDS,
  humanizedVerdictIsSure,
} from '@candor/engine-ai-detect';
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

function classProbabilities(model: DetectorModel, values: Float64Array): ClassProbabilities {
  const probabilities = model.humanized.probabilities(values);
  const byClass = Object.fromEntries(
    model.humanized.classes.map((name, k) => [name, round(probabilities[k] as number)]),
  );
  return { human: byClass.human ?? 0, ai: byClass.ai ?? 0, ai_humanized: byClass.ai_humanized ?? 0 };
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

const verdicts: Record<HumanizedLabel, string> = {
  human: 'This text reads as written by a person.',
  ai: 'This text reads as AI-written and left as it was, not passed through a paraphraser.',
  ai_humanized: 'This text reads as AI-written and then disguised by a paraphraser or “humanizer”.',
};

export function detectHumanized(
  text: string,
  model: DetectorModel = defaultDetectorModel(),
  thesaurus: Thesaurus = defaultThesaurus(),
): HumanizedDetectionReport {
  const scored = model.score(text);
  const { canonical } = scored;
  const values = model.features(scored);
  const probabilities = classProbabilities(model, values);
  const label = best(probabilities);
  const tooShort = scored.words.length < model.file.minimumWords;
  const short = scored.words.length < HUMANIZED_SURE_WORDS;
  const uncertain = !humanizedVerdictIsSure(scored.words.length, Object.values(probabilities));
  const sentences = scored.sentences.map((sentence, s) => {
    const sentenceValues = model.features(scored, s, s + 1);
    const sentenceProbabilities = classProbabilities(model, sentenceValues);
    const sentenceLabel = best(sentenceProbabilities);
    return {
      ...canonical.originalSpan(sentence.start, sentence.end),
      label: sentenceLabel,
      probabilities: sentenceProbabilities,
      evidence: evidenceFor(model, sentenceValues, sentenceLabel, sentenceProbabilities),
    };
  });
  return {
    label,
    probabilities,
    uncertain,
    verdict: tooShort
      ? `Too short to tell: the detector needs at least ${model.file.minimumWords} words. Best guess: ${lowerFirst(verdicts[label])}`
      : short
        ? `Too short to be sure: under ${HUMANIZED_SURE_WORDS} words a verdict is a best guess. Best guess: ${lowerFirst(verdicts[label])}`
        : uncertain
          ? `Not certain: no reading leads the others clearly. Best guess: ${lowerFirst(verdicts[label])}`
          : verdicts[label],
    words: scored.words.length,
    sentences,
    signals: wordChoiceSignals(scored, model.englishLanguageModel, thesaurus),
    evidence: evidenceFor(model, values, label, probabilities),
    model: { name: model.file.name, version: model.file.version },
    ...obfuscationOf(canonical),
  };
}
