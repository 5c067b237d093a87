import { type DetectorModel, defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { detectHumanized } from '@candor/engine-humanized-detect';
import { detectPii } from '@candor/engine-pii';
import type { PageDetail } from './report.schema.js';

/** Findings kept per page: a page listing a directory of people would otherwise fill the report with one page. */
export const MAX_PII_PER_PAGE = 200;

export interface PageScores {
  ai: PageDetail['ai'];
  ai_label: PageDetail['ai_label'];
  ai_percent: number | null;
  humanized: PageDetail['humanized'];
  humanized_label: PageDetail['humanized_label'];
  pii: PageDetail['pii'];
}

/**
 * A page's main text read by the AI Detector, the Humanized Text Detector and the PII engine. A text too short for
 * the detectors gets no AI score (null), rather than a guess presented as a number.
 */
export function scoreText(text: string, model: DetectorModel = defaultDetectorModel()): PageScores {
  // Without the name tagger (the PII engine's slowest part): names, places and companies in articles are not leaks.
  const pii = detectPii(text, { names: false })
    .slice(0, MAX_PII_PER_PAGE)
    .map(({ start, end, type, score, text: found }) => ({ start, end, type, score, text: found }));
  if (text.trim() === '')
    return { ai: null, ai_label: null, ai_percent: null, humanized: null, humanized_label: null, pii };
  const ai = detectAi(text, model);
  if (ai.words < model.file.minimumWords) {
    return { ai: null, ai_label: null, ai_percent: null, humanized: null, humanized_label: null, pii };
  }
  const humanized = detectHumanized(text, model);
  return {
    ai: {
      probability: ai.ai_probability,
      verdict: ai.verdict,
      sentences: ai.sentences.map(({ start, end, ai_probability }) => ({ start, end, ai_probability })),
    },
    ai_label: ai.label,
    ai_percent: Math.round(ai.ai_probability * 100),
    humanized: { verdict: humanized.verdict, probabilities: humanized.probabilities },
    humanized_label: humanized.label,
    pii,
  };
}
