import { randomUUID } from 'node:crypto';
import { errorCodes } from '@candor/contracts';
import type { JobSnapshot, JobStatus, ToolId } from '@candor/contracts/tools';
import { AppError } from '../../../http/errors.js';
import type { JobData, JobDiscarder, JobListener, JobProcessor, JobQueue } from './job-queue.js';

export interface InProcessQueueOptions {
  process: JobProcessor;
  discard: JobDiscarder;
  /** Jobs running at once (one per engine thread keeps the rest honestly "queued"). */
  concurrency: number;
  /** A run longer than this is stopped. */
  timeoutSeconds: number;
  /** How long a finished job stays visible, so a reloaded screen can still see how it ended. */
  retainSeconds: number;
  /** Unfinished jobs one user may have. */
  maxActivePerUser: number;
  /** Unfinished jobs in all. */
  maxActive: number;
  clock: () => Date;
  /** Told about failures that are the server's fault (the user sees a generic message). */
  onUnexpectedError: (error: unknown, data: JobData) => void;
}

interface Job {
  id: string;
  data: JobData;
  snapshot: JobSnapshot;
  listeners: Set<JobListener>;
  controller: AbortController;
  stopReason: 'cancelled' | 'timed_out' | undefined;
  /** Settles when the job has reached a finished status. */
  done: Promise<void>;
  markDone: () => void;
}

const QUEUED_STAGE = 'Waiting for a free worker';
const durationText = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
const isFinished = (status: JobStatus) => status === 'succeeded' || status === 'failed' || status === 'cancelled';

/** The default queue: jobs live in this process's memory; they don't survive a restart (their holds expire). */
export function createInProcessJobQueue(options: InProcessQueueOptions): JobQueue {
  const jobs = new Map<string, Job>();
  const waiting: Job[] = [];
  let running = 0;
  let closed = false;

  const owned = (userId: string, jobId: string) => {
    const job = jobs.get(jobId);
    return job && job.data.userId === userId ? job : undefined;
  };
  const activeJobs = (userId?: string) =>
    [...jobs.values()].filter((job) => !isFinished(job.snapshot.status) && (!userId || job.data.userId === userId));

  const update = (job: Job, change: Partial<JobSnapshot>) => {
    job.snapshot = { ...job.snapshot, ...change };
    for (const listener of job.listeners) listener(job.snapshot);
    if (isFinished(job.snapshot.status)) {
      job.listeners.clear();
      job.markDone();
      setTimeout(() => jobs.delete(job.id), options.retainSeconds * 1_000).unref();
    }
  };

  const finish = (job: Job, status: JobStatus, change: Partial<JobSnapshot> = {}) =>
    update(job, { status, finished_at: options.clock().toISOString(), ...change });

  const errorOf = (job: Job, error: unknown): JobSnapshot['error'] => {
    if (job.stopReason === 'timed_out') {
      return {
        code: 'timed_out',
        message: `The run took longer than ${durationText(options.timeoutSeconds)} and was stopped. No tokens were charged.`,
      };
    }
    if (error instanceof AppError && error.status < 500) return { code: error.code, message: error.message };
    options.onUnexpectedError(error, job.data);
    return {
      code: errorCodes.internal,
      message: 'The run failed on our side. No tokens were charged; try again in a moment.',
    };
  };

  const start = (job: Job) => {
    running++;
    update(job, { status: 'running', progress: { percent: 0, stage: 'Starting' } });
    const timer = setTimeout(() => {
      job.stopReason ??= 'timed_out';
      job.controller.abort();
    }, options.timeoutSeconds * 1_000);
    timer.unref();
    options
      .process(job.data, {
        signal: job.controller.signal,
        progress: ({ percent, stage, partial }) =>
          update(job, {
            progress: { percent: Math.max(0, Math.min(100, Math.round(percent))), stage },
            ...(partial === undefined ? {} : { partial }),
          }),
      })
      .then(
        ({ historyId }) =>
          finish(job, 'succeeded', { history_id: historyId, progress: { percent: 100, stage: 'Done' } }),
        (error: unknown) =>
          job.stopReason === 'cancelled'
            ? finish(job, 'cancelled')
            : finish(job, 'failed', { error: errorOf(job, error) }),
      )
      .finally(() => {
        clearTimeout(timer);
        running--;
        next();
      });
  };

  const next = () => {
    while (!closed && running < options.concurrency) {
      const job = waiting.shift();
      if (!job) return;
      start(job);
    }
  };

  const discard = async (job: Job) => {
    finish(job, 'cancelled');
    await options.discard(job.data).catch((error: unknown) => options.onUnexpectedError(error, job.data));
  };

  return {
    async submit(data) {
      if (closed) throw new AppError(errorCodes.unavailable, 503, 'The server is restarting; try again in a moment.');
      if (activeJobs(data.userId).length >= options.maxActivePerUser) {
        throw new AppError(
          errorCodes.rateLimited,
          429,
          `You already have ${options.maxActivePerUser} runs in progress. Wait for one to finish, then try again.`,
        );
      }
      if (activeJobs().length >= options.maxActive) {
        throw new AppError(errorCodes.unavailable, 503, 'Candor is very busy right now; try again in a minute.');
      }
      let markDone = () => {};
      const done = new Promise<void>((resolve) => {
        markDone = resolve;
      });
      const job: Job = {
        id: randomUUID(),
        data,
        listeners: new Set(),
        controller: new AbortController(),
        stopReason: undefined,
        done,
        markDone,
        snapshot: {
          job_id: '',
          tool: data.tool,
          status: 'queued',
          progress: { percent: 0, stage: QUEUED_STAGE },
          partial: null,
          cost: data.cost,
          history_id: null,
          error: null,
          created_at: options.clock().toISOString(),
          finished_at: null,
        },
      };
      job.snapshot.job_id = job.id;
      jobs.set(job.id, job);
      waiting.push(job);
      next();
      return job.snapshot;
    },

    async get(userId, jobId) {
      return owned(userId, jobId)?.snapshot;
    },

    async list(userId, tool?: ToolId) {
      return [...jobs.values()]
        .filter((job) => job.data.userId === userId && (!tool || job.data.tool === tool))
        .map((job) => job.snapshot)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    async cancel(userId, jobId) {
      const job = owned(userId, jobId);
      if (!job) return undefined;
      if (job.snapshot.status === 'queued') {
        waiting.splice(waiting.indexOf(job), 1);
        await discard(job);
      } else if (job.snapshot.status === 'running') {
        job.stopReason ??= 'cancelled';
        update(job, { progress: { ...job.snapshot.progress, stage: 'Cancelling' } });
        job.controller.abort();
        await job.done;
      }
      return job.snapshot;
    },

    async subscribe(userId, jobId, listener) {
      const job = owned(userId, jobId);
      if (!job) return undefined;
      listener(job.snapshot);
      if (isFinished(job.snapshot.status)) return () => {};
      job.listeners.add(listener);
      return () => job.listeners.delete(listener);
    },

    async close() {
      closed = true;
      await Promise.all(waiting.splice(0).map(discard));
      const stopping = activeJobs().map((job) => {
        job.stopReason ??= 'cancelled';
        job.controller.abort();
        return job.done;
      });
      await Promise.all(stopping);
    },
  };
}
