import type { ToolLimits } from '@candor/contracts/tools';
import { defineEngine } from '../engines/engine-module.js';
import { type ExtractionOutcome, extractText, type UploadedFile } from './extract-text.js';

/** Runs in a worker thread: parsing a PDF or a Word file is CPU work the event loop shouldn't wait on. */
export default defineEngine<{ file: UploadedFile; limits: ToolLimits }, ExtractionOutcome>(({ file, limits }) =>
  extractText(file, limits),
);
