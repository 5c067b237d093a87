import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { hasEnoughEnglish } from '@candor/engine-ai-detect/language';
import {
  type AiJudge,
  type ArticleDraft,
  type ArticleResult,
  assembleArticle,
  type EnhanceInput,
  type EnhancerResult,
  enhance,
  type HumanizeOptions,
  type HumanizerResult,
  humanize,
  type ModelOutputs,
} from '@candor/engine-generate';
import { defineEngine } from '../engines/engine-module.js';

/** What the generation tools' `prepare` hands the worker: the request and whatever a model wrote for it. */
export type GenerationEngineInput =
  | { kind: 'enhance'; request: EnhanceInput; model: ModelOutputs | null }
  | { kind: 'humanize'; text: string; options: HumanizeOptions }
  | { kind: 'article'; draft: ArticleDraft };

export type GenerationEngineOutput = EnhancerResult | HumanizerResult | ArticleResult;

/** The AI Detector, as the humanizer and the writer call it: English only (it was trained on English). */
const judgeAi: AiJudge = (text) => {
  if (!hasEnoughEnglish(text)) return null;
  const report = detectAi(text, defaultDetectorModel());
  return { probability: report.ai_probability, label: report.label };
};

/**
 * Runs in a worker thread: the built-in engines, the checks and scores of what a model wrote, and the detector. The
 * lexicon and the detector's models load once per thread.
 */
export default defineEngine<GenerationEngineInput, GenerationEngineOutput>((input, report) => {
  switch (input.kind) {
    case 'enhance':
      report({ percent: 70, stage: input.model ? 'Checking and scoring the model’s text' : 'Rewriting the text' });
      return enhance(input.request, input.model);
    case 'humanize':
      report({ percent: 60, stage: 'Rewriting and checking each version with the AI Detector' });
      return humanize(input.text, input.options, judgeAi);
    case 'article':
      report({ percent: 90, stage: 'Checking the article with the AI Detector' });
      return assembleArticle(input.draft, judgeAi);
  }
});
