import { randomUUID } from 'node:crypto';
import type { JobSnapshot, JobStatus, ToolId } from '@candor/contracts/tools';
import {
  cancellingChange,
  finishedChange,
  isFinished,
  queueClosed,
  queuedSnapshot,
  queueFull,
  runToEnd,
  type StoppableJob,
  startedChange,
  stopJob,
  tooManyRuns,
} from './job-lifecycle.js';
import type { JobData, JobListener, JobQueue, JobQueueOptions } from './job-queue.js';

interface Job extends StoppableJob {
  id: string;
  data: JobData;
  snapshot: JobSnapshot;
  listeners: Set<JobListener>;
  /** Settles when the job has reached a finished status. */
  done: Promise<void>;
  markDone: () => void;
}

/** The default queue: jobs live in this process's memory; they don't survive a restart (their holds expire). */
export function createInProcessJobQueue(options: JobQueueOptions): JobQueue {
  const jobs = new Map<string, Job>();
  const waiting: Job[] = [];
  let running = 0;
  let closed = false;

  const owned = (userId: string, jobId: string) => {
    const job = jobs.get(jobId);
    return job && job.data.userId === userId ? job : undefined;
  };
  // Finished jobs stay in `jobs` for `retainSeconds` (tens of thousands under load); the limits checked on every
  // submit count only these, so a submit does not get slower the more runs have recently ended.
  const unfinished = new Set<Job>();
  const activeJobs = (userId?: string) => [...unfinished].filter((job) => !userId || job.data.userId === userId);

  const update = (job: Job, change: Partial<JobSnapshot>) => {
    job.snapshot = { ...job.snapshot, ...change };
    for (const listener of job.listeners) {
      // A listener's failure is its own: the job and its worker slot carry on.
      try {
        listener(job.snapshot);
      } catch (error) {
        options.onUnexpectedError(error, job.data);
      }
    }
    if (isFinished(job.snapshot.status)) {
      unfinished.delete(job);
      job.listeners.clear();
      job.markDone();
      setTimeout(() => jobs.delete(job.id), options.retainSeconds * 1_000).unref();
    }
  };

  const finish = (job: Job, change: Partial<JobSnapshot> & { status: JobStatus }) =>
    update(job, finishedChange(options.clock(), change));

  const start = (job: Job) => {
    running++;
    update(job, startedChange);
    void runToEnd(job, job.data, options, (change) => update(job, change)).then((outcome) => {
      try {
        finish(job, outcome);
      } finally {
        // The worker slot comes back even if a listener threw.
        running--;
        next();
      }
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
    finish(job, { status: 'cancelled' });
    await options.discard(job.data).catch((error: unknown) => options.onUnexpectedError(error, job.data));
  };

  return {
    async submit(data) {
      if (closed) throw queueClosed();
      if (activeJobs(data.userId).length >= options.maxActivePerUser) throw tooManyRuns(options.maxActivePerUser);
      if (activeJobs().length >= options.maxActive) throw queueFull();
      let markDone = () => {};
      const done = new Promise<void>((resolve) => {
        markDone = resolve;
      });
      const id = randomUUID();
      const job: Job = {
        id,
        data,
        listeners: new Set(),
        controller: new AbortController(),
        stopReason: undefined,
        done,
        markDone,
        snapshot: queuedSnapshot(id, data, options.clock()),
      };
      jobs.set(job.id, job);
      unfinished.add(job);
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
        update(job, cancellingChange(job.snapshot));
        stopJob(job, 'cancelled');
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
        stopJob(job, 'cancelled');
        return job.done;
      });
      await Promise.all(stopping);
    },
  };
}
