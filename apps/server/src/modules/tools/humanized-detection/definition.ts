import {
  type HumanizedDetectionInput,
  type HumanizedDetectionResult,
  humanizedDetectionInputSchema,
  humanizedDetectionResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool } from '../tool-definition.js';
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
