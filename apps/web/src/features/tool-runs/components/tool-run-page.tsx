import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { storageKeys } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { isJobFinished } from '../api/follow-job';
import { capitalise, type ToolRunCopy } from '../lib/copy';
import { type Draft, forgetDraft, readStoredDraft, storeDraft } from '../lib/draft';
import { useToolJob } from '../use-tool-job';
import { RunningStage } from './running-stage';
import { unexplainedFailure } from './start-error';
import { TextInputStage, type ToolInputSlotProps } from './text-input-stage';

export interface ResultStageProps<D extends Draft = Draft> {
  historyId: string;
  /** Back to the editor with this text (and the tool's other inputs). */
  onEdit: (draft: D) => void;
  /** Back to an empty editor. */
  onNew: () => void;
}

/**
 * A tool's inputs beside the text (the Copyright Detector's sources and options). They live in the draft, so they
 * are sent with the text, kept in sessionStorage while the run goes, and given back by Edit and after a failed run.
 */
export interface ToolRunInput<D extends Draft> {
  /** The draft of a new run. */
  empty: D;
  /** The draft kept in sessionStorage, read back: whatever is missing or malformed comes from `empty`. */
  restore: (stored: Draft) => D;
  /** The run's request body. */
  body: (draft: D) => object;
  /** Why the draft cannot be sent yet (no source chosen), said beside the disabled start button; null when it can. */
  blocker?: (draft: D) => string | null;
  /** The inputs, under the editor. */
  render?: (props: ToolInputSlotProps<D>) => ReactNode;
}

/** A text tool's input: the text, titled by the file it came from. */
export const textOnly: ToolRunInput<Draft> = {
  empty: { text: '' },
  restore: (stored) => stored,
  body: (draft) => (draft.fileName ? { text: draft.text, file_name: draft.fileName } : { text: draft.text }),
};

/** What a tool's screen takes from its route: the stored run in the address and how to move to and from it. */
export type ToolScreenProps = Pick<ToolRunPageProps, 'historyId' | 'onShowRun' | 'onLeaveRun'>;

export interface ToolRunPageProps<D extends Draft = Draft> {
  tool: ToolId;
  header: { title: string; description: string; icon?: ComponentProps<typeof PageHeader>['icon'] };
  copy: ToolRunCopy;
  /** The stored run to show (?history_id=); the editor when absent. */
  historyId: string | undefined;
  /** Shows a stored run, replacing the current history entry so a reload lands on the report. */
  onShowRun: (historyId: string) => void;
  /** Leaves the stored run for the editor. */
  onLeaveRun: () => void;
  /** The report of a stored run. */
  renderResult: (props: ResultStageProps<D>) => ReactNode;
  /** What a running job has found so far, from its `partial`. */
  renderProgress?: (job: JobSnapshot | null) => ReactNode;
  /** Why a text cannot be sent as it is (the tool's input rule), checked as the user types. */
  textProblem?: (text: string) => string | null;
  /** The tool's inputs beside the text; without it the run's body is the text and its file name. */
  input?: ToolRunInput<D>;
  /** Shown above the stage (a welcome banner). */
  children?: ReactNode;
  /** Start the saved draft as the screen opens (the AI Humanizer's `submitSaved`, back from buying tokens). */
  autoSubmit?: boolean | undefined;
  /** Told once the auto-submit was done or found nothing to submit, so the address can drop its flag. */
  onAutoSubmitHandled?: (() => void) | undefined;
}

interface FocusTarget {
  stage: 'progress' | 'report' | 'editor';
  selector: string;
}

const focusTargets = {
  progressHeading: { stage: 'progress', selector: 'h2' },
  reportHeading: { stage: 'report', selector: 'h2' },
  editor: { stage: 'editor', selector: 'textarea' },
} satisfies Record<string, FocusTarget>;

/**
 * The three stages of a text tool on one screen: the editor, the run in progress (re-attached after a reload),
 * and the stored report at ?history_id=. Each tool brings its words, its report and its input rule.
 */
export function ToolRunPage<D extends Draft = Draft>({
  tool,
  header,
  copy,
  historyId,
  onShowRun,
  onLeaveRun,
  renderResult,
  renderProgress,
  textProblem,
  input: toolInput,
  children,
  autoSubmit,
  onAutoSubmitHandled,
}: ToolRunPageProps<D>) {
  // Without `input` the draft is a plain Draft, so the text-only input fits it.
  const input = toolInput ?? (textOnly as unknown as ToolRunInput<D>);
  // The editor's draft lives in sessionStorage: it survives leaving the screen and a reload, mid-run too.
  const draftKey = storageKeys.draft(tool);
  const [draft, setDraft] = useState<D>(() => input.restore(readStoredDraft(draftKey)));
  const stageRef = useRef<HTMLDivElement>(null);
  // Where focus goes when the next stage shows, set by whatever replaces the stage under the user's focus: a started
  // run's progress heading, a finished run's report heading, the editor after a cancel, Edit or New. Keyboard and
  // screen-reader users then land on the new stage rather than on the page's body.
  const pendingFocus = useRef<FocusTarget | null>(null);
  const run = useToolJob<object>(tool, {
    onSucceeded: (job) => {
      // The text now lives in its report (Edit and re-check gives it back); the editor starts anew.
      forgetDraft(draftKey);
      setDraft(input.empty);
      if (job.history_id) {
        pendingFocus.current = focusTargets.reportHeading;
        onShowRun(job.history_id);
      }
    },
    onCancelled: () => {
      pendingFocus.current = focusTargets.editor;
      toast.message(`${capitalise(copy.noun)} cancelled — no tokens were charged`);
    },
  });

  const submit = () => {
    pendingFocus.current = focusTargets.progressHeading;
    void run.start(input.body(draft));
  };
  // Once per screen: a saved draft (kept while its user bought tokens) is started as if its button were pressed.
  const autoSubmitted = useRef(false);
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const savedText = draft.text.trim().length > 0;
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current || run.isResuming) return;
    autoSubmitted.current = true;
    if (savedText) submitRef.current();
    else toast.message(`There is no saved text to ${copy.verb}`);
    onAutoSubmitHandled?.();
  }, [autoSubmit, run.isResuming, savedText, copy.verb, onAutoSubmitHandled]);

  const backToEditor = (next: D) => {
    pendingFocus.current = focusTargets.editor;
    run.reset();
    setDraft(next);
    onLeaveRun();
  };

  // A finished run stays on the progress screen until its report (the new ?history_id=) is there to show.
  const openingReport = run.job?.status === 'succeeded' && run.job.history_id !== historyId;
  // Once its report shows, the run has done its work: forgotten, it cannot bring the progress screen back when the
  // address moves on (Back to an older report, the sidebar's link to the editor).
  const resetRun = run.reset;
  const shownRun = run.job?.status === 'succeeded' ? run.job.history_id : null;
  useEffect(() => {
    if (shownRun && shownRun === historyId) resetRun();
  }, [shownRun, historyId, resetRun]);
  const emptyDraft = JSON.stringify(input.empty);
  useEffect(() => {
    // An empty editor keeps nothing: a new check starts empty anyway.
    if (JSON.stringify(draft) === emptyDraft) forgetDraft(draftKey);
    else storeDraft(draftKey, draft);
  }, [draftKey, draft, emptyDraft]);
  // While the start request is on its way the editor stays, so a refusal shows where the user clicked.
  const jobUnderWay = run.job !== null && !isJobFinished(run.job);
  const showsProgress = jobUnderWay || run.isResuming || openingReport;

  const stageName: FocusTarget['stage'] = showsProgress ? 'progress' : historyId ? 'report' : 'editor';
  // The report loads after its stage shows, so its heading is waited for.
  useEffect(() => {
    const container = stageRef.current;
    const target = pendingFocus.current;
    if (!container || target?.stage !== stageName) return;
    const focusTarget = () => {
      const element = container.querySelector<HTMLElement>(target.selector);
      if (!element) return false;
      pendingFocus.current = null;
      // A heading takes focus only with a tabindex; a textarea has one of its own.
      if (element.tabIndex < 0) element.tabIndex = -1;
      element.focus();
      return true;
    };
    if (focusTarget()) return;
    const observer = new MutationObserver(() => {
      if (focusTarget()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [stageName]);

  let stage: ReactNode;
  if (showsProgress) {
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
    stage = renderResult({ historyId, onEdit: backToEditor, onNew: () => backToEditor(input.empty) });
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
        isStarting={run.isStarting}
        startError={run.error}
        failure={run.job?.status === 'failed' ? (run.job.error ?? unexplainedFailure) : null}
        textProblem={textProblem}
        renderInput={input.render}
        blocker={input.blocker}
      />
    );
  }

  return (
    <div>
      <PageHeader title={header.title} description={header.description} icon={header.icon} />
      {children && <div className="mb-4">{children}</div>}
      <div ref={stageRef}>{stage}</div>
    </div>
  );
}
