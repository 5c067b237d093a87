import {
  type AiDetectionInput,
  type AiDetectionResult,
  aiDetectionInputSchema,
  aiDetectionResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool } from '../tool-definition.js';
import type { AiDetectionEngineInput } from './engine.js';
import { scoreWithLanguageModel } from './local-model.js';
import { renderAiDetectionReportPdf } from './report-pdf.js';

export const aiDetectionTool = defineTool<AiDetectionInput, AiDetectionResult>({
  id: 'ai-detection',
  modelName: 'AI_DETECTION',
  product: 'ai-detector',
  input: aiDetectionInputSchema,
  output: aiDetectionResultSchema,
  limits: TOOL_LIMITS['ai-detection'],
  characters: (input) => input.text.length,
  // The detector tokenises with the same function, so the words charged are the words the report counts.
  units: (input) => tokenizeWords(input.text).length,
  // With a calibrated language model, its scores are computed here, on the main thread (see local-model.ts).
  prepare: async (input, { config, signal, progress }): Promise<AiDetectionEngineInput> => {
    const languageModel = await scoreWithLanguageModel(config, input.text, signal, progress);
    return languageModel ? { ...input, languageModel } : input;
  },
  engine: builtInEngine('ai-detection'),
  toHistory: (input, output) => ({ title: runTitle(input), input, result: output }),
  exportPdf: (run) =>
    renderAiDetectionReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      text: aiDetectionInputSchema.parse(run.input).text,
      report: aiDetectionResultSchema.parse(run.result),
    }),
});
