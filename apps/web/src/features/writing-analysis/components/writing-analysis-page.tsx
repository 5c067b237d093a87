import type { WritingAnalysisInput } from '@candor/contracts/tools';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { tools } from '@/config/navigation';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { WRITING_ANALYSIS } from '../api/writing-analysis';
import { ResultStage } from './result-stage';
import { RunningStage } from './running-stage';
import { type Draft, TextInputStage } from './text-input-stage';

/** The text of the run in progress, so Cancel after a reload still gives it back. */
const DRAFT_KEY = storageKeys.writingAnalysisDraft;
const readDraft = (): Draft => {
  try {
    const stored = JSON.parse(readStorage('session', DRAFT_KEY) ?? 'null') as Draft | null;
    return stored && typeof stored.text === 'string' ? stored : { text: '' };
  } catch {
    return { text: '' };
  }
};

interface WritingAnalysisPageProps {
  /** The stored run to show (?history_id=); the editor when absent. */
  historyId: string | undefined;
  /** Shows a stored run, replacing the current history entry so a reload lands on the report. */
  onShowRun: (historyId: string) => void;
  /** Leaves the stored run for the editor. */
  onLeaveRun: () => void;
}

export function WritingAnalysisPage({ historyId, onShowRun, onLeaveRun }: WritingAnalysisPageProps) {
  const tool = tools.writingAnalysis;
  const [draft, setDraft] = useState<Draft>(readDraft);
  const run = useToolJob<WritingAnalysisInput>(WRITING_ANALYSIS, {
    onSucceeded: (job) => {
      removeStorage('session', DRAFT_KEY);
      if (job.history_id) onShowRun(job.history_id);
    },
    onCancelled: () => toast.message('Analysis cancelled — no tokens were charged'),
  });

  const submit = () => {
    writeStorage('session', DRAFT_KEY, JSON.stringify(draft));
    void run.start(draft.fileName ? { text: draft.text, file_name: draft.fileName } : { text: draft.text });
  };
  const backToEditor = (next: Draft) => {
    run.reset();
    setDraft(next);
    onLeaveRun();
  };

  // A finished run stays on the progress screen until its report (the new ?history_id=) is there to show.
  const openingReport = run.job?.status === 'succeeded' && run.job.history_id !== historyId;
  let stage: ReactNode;
  if (run.isActive || run.isResuming || openingReport) {
    stage = (
      <RunningStage
        job={run.job}
        title={draft.fileName}
        onCancel={() => void run.cancel()}
        isCancelling={run.isCancelling}
      />
    );
  } else if (historyId) {
    stage = <ResultStage historyId={historyId} onEdit={backToEditor} onNew={() => backToEditor({ text: '' })} />;
  } else {
    stage = (
      <TextInputStage
        draft={draft}
        onDraftChange={(next) => {
          setDraft(next);
          if (run.error) run.clearError();
        }}
        onSubmit={submit}
        isStarting={run.isActive}
        startError={run.error}
        failure={run.job?.status === 'failed' ? (run.job.error?.message ?? 'Something went wrong.') : null}
      />
    );
  }

  return (
    <div>
      <PageHeader title={tool.title} description={tool.description} icon={tool.icon} />
      {stage}
    </div>
  );
}
