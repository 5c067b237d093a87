import {
  type HumanizedDetectionInput,
  type HumanizedDetectionResult,
  humanizedDetectionInputSchema,
  humanizedDetectionResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { scoreWithLanguageModel } from '../ai-detection/local-model.js';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool } from '../tool-definition.js';
import type { HumanizedDetectionEngineInput } from './engine.js';
import { renderHumanizedDetectionReportPdf } from './report-pdf.js';

export const humanizedDetectionTool = defineTool<HumanizedDetectionInput, HumanizedDetectionResult>({
  id: 'humanized-detection',
  modelName: 'QUILLBOT_ANALYSIS',
  product: 'humanized-text-detector',
  input: humanizedDetectionInputSchema,
  output: humanizedDetectionResultSchema,
  limits: TOOL_LIMITS['humanized-detection'],
  characters: (input) => input.text.length,
  // The detector tokenises with the same function, so the words charged are the words the report counts.
  units: (input) => tokenizeWords(input.text).length,
  // With a calibrated language model, its scores are computed here, on the main thread (ai-detection/local-model.ts).
  prepare: async (input, { config, signal, progress }): Promise<HumanizedDetectionEngineInput> => {
    const languageModel = await scoreWithLanguageModel(config, input.text, signal, progress);
    return languageModel ? { ...input, languageModel } : input;
  },
  engine: builtInEngine('humanized-detection'),
  toHistory: (input, output) => ({ title: runTitle(input), input, result: output }),
  exportPdf: (run) =>
    renderHumanizedDetectionReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      text: humanizedDetectionInputSchema.parse(run.input).text,
      report: humanizedDetectionResultSchema.parse(run.result),
    }),
});
