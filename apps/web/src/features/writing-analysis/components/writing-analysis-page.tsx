import { tools } from '@/config/navigation';
import { ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { readPartialCounts, WRITING_ANALYSIS } from '../api/writing-analysis';
import { PartialCounts } from './partial-counts';
import { ResultStage } from './result-stage';

const copy: ToolRunCopy = {
  textLabel: 'Text to analyse',
  submitLabel: 'Analyse',
  noun: 'analysis',
  verb: 'analyse',
  progressing: 'Analysing',
};

export function WritingAnalysisPage({ historyId, onShowRun, onLeaveRun }: ToolScreenProps) {
  return (
    <ToolRunPage
      tool={WRITING_ANALYSIS}
      header={tools.writingAnalysis}
      copy={copy}
      historyId={historyId}
      onShowRun={onShowRun}
      onLeaveRun={onLeaveRun}
      renderResult={(props) => <ResultStage {...props} copy={copy} />}
      renderProgress={(job) => {
        const counts = readPartialCounts(job?.partial);
        return counts && <PartialCounts words={counts.words} sentences={counts.sentences} />;
      }}
    />
  );
}
