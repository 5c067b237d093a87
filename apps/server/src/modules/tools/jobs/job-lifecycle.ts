import { errorCodes } from '@candor/contracts';
import type { JobSnapshot, JobStatus } from '@candor/contracts/tools';
import { AppError } from '../../../http/errors.js';
import type { EngineProgress } from '../engines/engine-module.js';
import type { JobData, JobQueueOptions } from './job-queue.js';

// What a job goes through, whichever queue holds it: both queues build their snapshots and outcomes here, so a
// user sees the same stages, limits and messages from one instance or many.

export const isFinished = (status: JobStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

export function queuedSnapshot(jobId: string, data: JobData, now: Date): JobSnapshot {
  return {
    job_id: jobId,
    tool: data.tool,
    status: 'queued',
    progress: { percent: 0, stage: 'Waiting for a free worker' },
    partial: null,
    cost: data.cost,
    history_id: null,
    error: null,
    created_at: now.toISOString(),
    finished_at: null,
  };
}

export const startedChange: Partial<JobSnapshot> = { status: 'running', progress: { percent: 0, stage: 'Starting' } };

export function progressChange({ percent, stage, partial }: EngineProgress): Partial<JobSnapshot> {
  return {
    progress: { percent: Math.max(0, Math.min(100, Math.round(percent))), stage },
    ...(partial === undefined ? {} : { partial }),
  };
}

export const cancellingChange = (snapshot: JobSnapshot): Partial<JobSnapshot> => ({
  progress: { ...snapshot.progress, stage: 'Cancelling' },
});

/** The last change of every job: its final status, stamped with the time it ended. */
export const finishedChange = (now: Date, change: Partial<JobSnapshot> & { status: JobStatus }) => ({
  ...change,
  finished_at: now.toISOString(),
});

export const queueClosed = () =>
  new AppError(errorCodes.unavailable, 503, 'The server is restarting; try again in a moment.');

export const tooManyRuns = (max: number) =>
  new AppError(
    errorCodes.rateLimited,
    429,
    `You already have ${max} runs in progress. Wait for one to finish, then try again.`,
  );

export const queueFull = () =>
  new AppError(errorCodes.unavailable, 503, 'Candor is very busy right now; try again in a minute.');

/** A job taken by a worker: how it can be stopped, and why it was. */
export interface StoppableJob {
  controller: AbortController;
  stopReason: 'cancelled' | 'timed_out' | undefined;
}

export function stopJob(job: StoppableJob, reason: 'cancelled' | 'timed_out') {
  job.stopReason ??= reason;
  job.controller.abort();
}

const durationText = (seconds: number) =>
  seconds % 60 === 0
    ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;

function failureOf(job: StoppableJob, error: unknown, data: JobData, options: JobQueueOptions): JobSnapshot['error'] {
  if (job.stopReason === 'timed_out') {
    return {
      code: 'timed_out',
      message: `The run took longer than ${durationText(options.timeoutSeconds)} and was stopped. No tokens were charged.`,
    };
  }
  if (error instanceof AppError && error.status < 500) return { code: error.code, message: error.message };
  options.onUnexpectedError(error, data);
  return {
    code: errorCodes.internal,
    message: 'The run failed on our side. No tokens were charged; try again in a moment.',
  };
}

/**
 * Runs a started job within the time limit, sending its progress to `update`, and returns its final change. It never
 * rejects: a failure is an outcome the user reads.
 */
export async function runToEnd(
  job: StoppableJob,
  data: JobData,
  options: JobQueueOptions,
  update: (change: Partial<JobSnapshot>) => void,
): Promise<Partial<JobSnapshot> & { status: JobStatus }> {
  const timer = setTimeout(() => stopJob(job, 'timed_out'), options.timeoutSeconds * 1_000);
  timer.unref();
  try {
    const { historyId, cost, stopped } = await options.process(data, {
      signal: job.controller.signal,
      progress: (progress) => update(progressChange(progress)),
    });
    // A cancelled run that kept its work ends cancelled, with the item it stored and what that cost.
    return {
      status: stopped && job.stopReason === 'cancelled' ? 'cancelled' : 'succeeded',
      history_id: historyId,
      ...(cost === undefined ? {} : { cost }),
      progress: { percent: 100, stage: stopped ? 'Stopped; what was done is saved' : 'Done' },
    };
  } catch (error) {
    if (job.stopReason === 'cancelled') return { status: 'cancelled' };
    return { status: 'failed', error: failureOf(job, error, data, options) };
  } finally {
    clearTimeout(timer);
  }
}
