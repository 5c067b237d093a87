import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { historyKeys } from '@/features/history/api/history.queries';
import { invalidateBalance } from '@/features/tokens/api/token-balance.queries';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { followJob, isJobFinished } from './api/follow-job';
import { cancelJob, fetchJob, startToolJob } from './api/tool-jobs';

const rememberJob = (tool: ToolId, jobId: string) => writeStorage('session', storageKeys.runningJob(tool), jobId);
const forgetJob = (tool: ToolId) => removeStorage('session', storageKeys.runningJob(tool));
const rememberedJob = (tool: ToolId) => readStorage('session', storageKeys.runningJob(tool));

export interface ToolJobCallbacks {
  /** The run is stored: `job.history_id` is set and its tokens are charged. */
  onSucceeded?: (job: JobSnapshot) => void;
  onFailed?: (job: JobSnapshot) => void;
  /** Nothing was charged. */
  onCancelled?: (job: JobSnapshot) => void;
}

export interface ToolJob<TInput> {
  /** The latest state of the current (or last) job; null before the first start. */
  job: JobSnapshot | null;
  /** Queued or running, or a start request on its way. */
  isActive: boolean;
  /** A start request is on its way: the server has not answered with a job yet. */
  isStarting: boolean;
  /** A job remembered from before a reload is being looked up. */
  isResuming: boolean;
  isCancelling: boolean;
  /** Why the last start failed (an ApiError: 400, 402, 413…), or why the job was lost; null otherwise. */
  error: unknown;
  start: (input: TInput) => Promise<void>;
  cancel: () => Promise<void>;
  clearError: () => void;
  /** Forgets a finished job (the screen moved on to a new run). */
  reset: () => void;
}

/**
 * One tool run as a job: starts it, follows its progress until it finishes, cancels it, and re-attaches to it
 * after a reload (the job id lives in sessionStorage until the job finishes). When a run succeeds the balance,
 * the usage stats and the history lists are refreshed, since the run was charged and stored.
 */
export function useToolJob<TInput extends object>(
  tool: ToolId,
  callbacks: ToolJobCallbacks = {},
  /** How a run starts, when not as JSON on `v1/tools/{tool}/jobs` (a recording is uploaded as it is). */
  startJob: (input: TInput) => Promise<JobSnapshot> = (input) => startToolJob(tool, input),
): ToolJob<TInput> {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<JobSnapshot | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const [isResuming, setResuming] = useState(() => rememberedJob(tool) !== undefined);
  const [error, setError] = useState<unknown>(null);
  const callbacksRef = useRef(callbacks);
  const stopFollowing = useRef<(() => void) | null>(null);
  // The SSE stream and a cancel response can both report the end of a job: act on it once.
  const finishedJobId = useRef<string | null>(null);

  const startRef = useRef(startJob);
  useEffect(() => {
    callbacksRef.current = callbacks;
    startRef.current = startJob;
  });

  const finish = useCallback(
    (finished: JobSnapshot) => {
      if (finishedJobId.current === finished.job_id) return;
      finishedJobId.current = finished.job_id;
      forgetJob(tool);
      if (finished.status === 'succeeded') {
        // The token key covers the balance and the usage stats (token-stats.queries shares it).
        void invalidateBalance(queryClient);
        void queryClient.invalidateQueries({ queryKey: historyKeys.all });
        callbacksRef.current.onSucceeded?.(finished);
      } else if (finished.status === 'failed') {
        callbacksRef.current.onFailed?.(finished);
      } else {
        callbacksRef.current.onCancelled?.(finished);
      }
    },
    [tool, queryClient],
  );

  const follow = useCallback(
    (snapshot: JobSnapshot) => {
      stopFollowing.current?.();
      stopFollowing.current = null;
      setJob(snapshot);
      if (isJobFinished(snapshot)) {
        finish(snapshot);
        return;
      }
      rememberJob(tool, snapshot.job_id);
      stopFollowing.current = followJob(snapshot.job_id, {
        onSnapshot: (next) => {
          setJob(next);
          if (isJobFinished(next)) finish(next);
        },
        onLost: (reason) => {
          forgetJob(tool);
          setJob(null);
          setError(reason);
        },
      });
    },
    [tool, finish],
  );

  useEffect(() => {
    const jobId = rememberedJob(tool);
    if (!jobId) return;
    let current = true;
    fetchJob(jobId)
      .then((snapshot) => {
        if (current) follow(snapshot);
      })
      .catch(() => {
        // Gone (the server restarted, or it was another account's): nothing to re-attach to.
        if (current) forgetJob(tool);
      })
      .finally(() => {
        if (current) setResuming(false);
      });
    return () => {
      current = false;
    };
  }, [tool, follow]);

  useEffect(
    () => () => {
      stopFollowing.current?.();
      stopFollowing.current = null;
    },
    [],
  );

  const start = useCallback(
    async (input: TInput) => {
      setError(null);
      // The last run's outcome gives way to this one's: a failure must not stand beside a new start error.
      setJob((current) => (current && isJobFinished(current) ? null : current));
      setStarting(true);
      try {
        follow(await startRef.current(input));
      } catch (reason) {
        setError(reason);
      } finally {
        setStarting(false);
      }
    },
    [follow],
  );

  const jobId = job && !isJobFinished(job) ? job.job_id : null;
  const cancel = useCallback(async () => {
    if (!jobId) return;
    setCancelling(true);
    try {
      const snapshot = await cancelJob(jobId);
      stopFollowing.current?.();
      stopFollowing.current = null;
      setJob(snapshot);
      // A job that finished just before the cancel arrived keeps its real outcome.
      if (isJobFinished(snapshot)) finish(snapshot);
      else follow(snapshot);
    } catch (reason) {
      setError(reason);
    } finally {
      setCancelling(false);
    }
  }, [jobId, finish, follow]);

  const clearError = useCallback(() => setError(null), []);
  const reset = useCallback(() => {
    setError(null);
    setJob((current) => (current && isJobFinished(current) ? null : current));
  }, []);

  return {
    job,
    isActive: isStarting || jobId !== null,
    isStarting,
    isResuming,
    isCancelling,
    error,
    start,
    cancel,
    clearError,
    reset,
  };
}
