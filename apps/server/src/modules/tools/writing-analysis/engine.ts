import type { WritingAnalysisInput, WritingAnalysisResult } from '@candor/contracts/tools';
import { analyzeWriting, textStatistics } from '@candor/engine-writing';
import { defineEngine } from '../engines/engine-module.js';

/** Runs in a worker thread: the counts first (so the screen can show them), then the full report. */
export default defineEngine<WritingAnalysisInput, WritingAnalysisResult>((input, report) => {
  report({ percent: 10, stage: 'Counting words and sentences' });
  const statistics = textStatistics(input.text);
  report({ percent: 40, stage: 'Checking style and spelling', partial: { statistics } });
  return analyzeWriting(input.text);
});
