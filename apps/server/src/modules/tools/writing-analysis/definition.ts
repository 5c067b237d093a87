import {
  TOOL_LIMITS,
  type WritingAnalysisInput,
  type WritingAnalysisResult,
  writingAnalysisInputSchema,
  writingAnalysisResultSchema,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { builtInEngine } from '../engines/engine-pool.js';
import { defineTool } from '../tool-definition.js';
import { renderWritingReportPdf } from './report-pdf.js';

const TITLE_LENGTH = 80;

/** A run's title: the file's name, or the text's first words. */
function titleOf(input: WritingAnalysisInput): string {
  if (input.file_name) return input.file_name;
  const firstLine = input.text.trim().split('\n', 1)[0]?.replace(/\s+/g, ' ') ?? '';
  if (firstLine.length <= TITLE_LENGTH) return firstLine;
  // Cut at the last whole word that fits.
  const cut = firstLine.slice(0, TITLE_LENGTH);
  return `${cut.replace(/\s+\S*$/, '') || cut.slice(0, TITLE_LENGTH - 1)}…`;
}

export const writingAnalysisTool = defineTool<WritingAnalysisInput, WritingAnalysisResult>({
  id: 'writing-analysis',
  modelName: 'WRITING_ANALYSIS',
  input: writingAnalysisInputSchema,
  output: writingAnalysisResultSchema,
  limits: TOOL_LIMITS['writing-analysis'],
  characters: (input) => input.text.length,
  // The engine's own tokenizer, so the words charged are the words the report counts.
  units: (input) => tokenizeWords(input.text).length,
  engine: builtInEngine('writing-analysis'),
  toHistory: (input, output) => ({ title: titleOf(input), input, result: output }),
  exportPdf: (run) =>
    renderWritingReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      text: writingAnalysisInputSchema.parse(run.input).text,
      report: writingAnalysisResultSchema.parse(run.result),
    }),
});
