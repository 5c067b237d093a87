import {
  type PlagiarismInput,
  type PlagiarismResult,
  plagiarismInputSchema,
  plagiarismResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { AppError } from '../../../http/errors.js';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool } from '../tool-definition.js';
import { renderPlagiarismReportPdf } from './report-pdf.js';
import { gatherSources } from './sources.js';

export const organisationDocumentsOff = () =>
  new AppError(
    'organisation_documents_off',
    400,
    "This server does not compare with everyone's documents; ask your administrator to turn it on",
  );

export const plagiarismTool = defineTool<PlagiarismInput, PlagiarismResult>({
  id: 'plagiarism',
  modelName: 'PLAGIARISM',
  product: 'copyright-detector',
  input: plagiarismInputSchema,
  output: plagiarismResultSchema,
  limits: TOOL_LIMITS.plagiarism,
  // The sources count too: they travel in the same request and are indexed in the same run.
  characters: (input) => input.text.length + input.sources.documents.reduce((sum, d) => sum + d.text.length, 0),
  // Charged for the words checked, not for the sources' words.
  units: (input) => tokenizeWords(input.text).length,
  prepare: (input, context) => {
    if (input.sources.organisation_documents && !context.config.organisationDocuments) throw organisationDocumentsOff();
    return gatherSources(input, context);
  },
  engine: builtInEngine('plagiarism'),
  toHistory: (input, output) => ({ title: runTitle(input), input, result: output }),
  exportPdf: (run) =>
    renderPlagiarismReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      input: plagiarismInputSchema.parse(run.input),
      report: plagiarismResultSchema.parse(run.result),
    }),
});
