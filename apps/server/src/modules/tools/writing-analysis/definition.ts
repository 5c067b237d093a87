import {
  TOOL_LIMITS,
  type WritingAnalysisInput,
  type WritingAnalysisResult,
  writingAnalysisInputSchema,
  writingAnalysisResultSchema,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool } from '../tool-definition.js';
import { renderWritingReportPdf } from './report-pdf.js';

export const writingAnalysisTool = defineTool<WritingAnalysisInput, WritingAnalysisResult>({
  id: 'writing-analysis',
  modelName: 'WRITING_ANALYSIS',
  product: 'writing-analysis',
  input: writingAnalysisInputSchema,
  output: writingAnalysisResultSchema,
  limits: TOOL_LIMITS['writing-analysis'],
  characters: (input) => input.text.length,
  // The engine's own tokenizer, so the words charged are the words the report counts.
  units: (input) => tokenizeWords(input.text).length,
  engine: builtInEngine('writing-analysis'),
  toHistory: (input, output) => ({ title: runTitle(input), input, result: output }),
  exportPdf: (run) =>
    renderWritingReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      text: writingAnalysisInputSchema.parse(run.input).text,
      report: writingAnalysisResultSchema.parse(run.result),
    }),
});
