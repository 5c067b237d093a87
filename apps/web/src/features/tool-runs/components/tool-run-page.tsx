import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { toast } from '@/lib/toast';
import { capitalise, type ToolRunCopy } from '../lib/copy';
import { type Draft, forgetDraft, readStoredDraft, storeDraft } from '../lib/draft';
import { useToolJob } from '../use-tool-job';
import { RunningStage } from './running-stage';
import { TextInputStage } from './text-input-stage';

export interface ResultStageProps {
  historyId: string;
  /** Back to the editor with this text. */
  onEdit: (draft: Draft) => void;
  /** Back to an empty editor. */
  onNew: () => void;
}

export interface ToolRunPageProps {
  tool: ToolId;
  header: { title: string; description: string; icon?: ComponentProps<typeof PageHeader>['icon'] };
  copy: ToolRunCopy;
  /** sessionStorage key of the text of the run in progress, so Cancel after a reload still gives it back. */
  draftKey: string;
  /** The stored run to show (?history_id=); the editor when absent. */
  historyId: string | undefined;
  /** Shows a stored run, replacing the current history entry so a reload lands on the report. */
  onShowRun: (historyId: string) => void;
  /** Leaves the stored run for the editor. */
  onLeaveRun: () => void;
  /** The report of a stored run. */
  renderResult: (props: ResultStageProps) => ReactNode;
  /** What a running job has found so far, from its `partial`. */
  renderProgress?: (job: JobSnapshot | null) => ReactNode;
  /** Why a text cannot be sent as it is (the tool's input rule), checked as the user types. */
  textProblem?: (text: string) => string | null;
  /** Shown above the stage (a welcome banner). */
  children?: ReactNode;
}

/**
 * The three stages of a text tool on one screen: the editor, the run in progress (re-attached after a reload),
 * and the stored report at ?history_id=. Each tool brings its words, its report and its input rule.
 */
export function ToolRunPage({
  tool,
  header,
  copy,
  draftKey,
  historyId,
  onShowRun,
  onLeaveRun,
  renderResult,
  renderProgress,
  textProblem,
  children,
}: ToolRunPageProps) {
  const [draft, setDraft] = useState<Draft>(() => readStoredDraft(draftKey));
  const run = useToolJob<{ text: string; file_name?: string }>(tool, {
    onSucceeded: (job) => {
      forgetDraft(draftKey);
      if (job.history_id) onShowRun(job.history_id);
    },
    onCancelled: () => toast.message(`${capitalise(copy.noun)} cancelled — no tokens were charged`),
  });

  const submit = () => {
    storeDraft(draftKey, draft);
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
        copy={copy}
        job={run.job}
        title={draft.fileName}
        onCancel={() => void run.cancel()}
        isCancelling={run.isCancelling}
      >
        {renderProgress?.(run.job)}
      </RunningStage>
    );
  } else if (historyId) {
    stage = renderResult({ historyId, onEdit: backToEditor, onNew: () => backToEditor({ text: '' }) });
  } else {
    stage = (
      <TextInputStage
        tool={tool}
        copy={copy}
        draft={draft}
        onDraftChange={(next) => {
          setDraft(next);
          if (run.error) run.clearError();
        }}
        onSubmit={submit}
        isStarting={run.isActive}
        startError={run.error}
        failure={run.job?.status === 'failed' ? (run.job.error?.message ?? 'Something went wrong.') : null}
        textProblem={textProblem}
      />
    );
  }

  return (
    <div>
      <PageHeader title={header.title} description={header.description} icon={header.icon} />
      {children && <div className="mb-4">{children}</div>}
      {stage}
    </div>
  );
}
