import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorCodes } from '@candor/contracts';
import type { JobSnapshot, JobStatus, ToolId } from '@candor/contracts/tools';
import { type Job as BullJob, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError } from '../../../http/errors.js';
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

export interface RedisJobQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** Every key and channel of the queue starts with this (each test suite uses its own). */
  keyPrefix: string;
  /** Told when Redis is unreachable (the connections retry on their own). */
  onConnectionError: (error: unknown) => void;
  /**
   * How long an instance holds a job without renewing its lock (BullMQ's `lockDuration`): a job whose instance died
   * is noticed after about this long. Tests shorten it.
   */
  lockSeconds?: number;
}

/** A job's snapshot as every instance reads it; `version` orders the updates a subscriber receives. */
interface StoredJob {
  userId: string;
  version: number;
  snapshot: JobSnapshot;
}

type Message = { type: 'snapshot'; job: StoredJob } | { type: 'cancel'; jobId: string };

interface RunningJob extends StoppableJob {
  stored: StoredJob;
  /** Snapshot writes in order, so a subscriber never sees progress after the end. */
  writes: Promise<void>;
}

const QUEUE_NAME = 'tool-runs';
// An unfinished snapshot outlives any real wait; the limit only clears one left by a crash that BullMQ never saw.
const UNFINISHED_TTL_SECONDS = 24 * 60 * 60;
// How long a cancel waits for the instance running the job to report the end.
const CANCEL_WAIT_MS = 15_000;

/**
 * Tool runs shared by every instance through Redis (DESIGN.md principle 4). BullMQ hands each job to one instance's
 * worker (at most `concurrency` per instance); the snapshot users see lives in a Redis key of its own and every
 * change is published, so a job's progress streams from whichever instance the browser reaches, and a cancel reaches
 * the instance that runs it. Queued jobs survive a restart; a run whose instance died is reported as interrupted,
 * never run twice (its charge may already have committed).
 */
export function createRedisJobQueue(options: RedisJobQueueOptions): JobQueue {
  const prefix = options.keyPrefix;
  const keys = {
    job: (jobId: string) => `${prefix}:job:${jobId}`,
    userJobs: (userId: string) => `${prefix}:user:${userId}`,
    cancelled: (jobId: string) => `${prefix}:cancelled:${jobId}`,
    channel: `${prefix}:events`,
  };
  // Requests fail fast while Redis is away; the worker's connection waits for it instead, as BullMQ requires.
  const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  const workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  for (const connection of [client, workerConnection, subscriber]) connection.on('error', options.onConnectionError);

  const queue = new Queue<JobData>(QUEUE_NAME, { connection: client, prefix });
  queue.on('error', options.onConnectionError);
  const listeners = new Map<string, Set<(job: StoredJob) => void>>();
  const running = new Map<string, RunningJob>();
  let closed = false;

  const read = async (jobId: string): Promise<StoredJob | undefined> => {
    const text = await client.get(keys.job(jobId));
    return text ? (JSON.parse(text) as StoredJob) : undefined;
  };
  const owned = async (userId: string, jobId: string) => {
    const stored = await read(jobId);
    return stored?.userId === userId ? stored : undefined;
  };

  /** Stores the snapshot and tells every instance, in one step so the two never disagree. */
  const write = async (stored: StoredJob) => {
    const finished = isFinished(stored.snapshot.status);
    const ttl = finished ? options.retainSeconds : UNFINISHED_TTL_SECONDS;
    const message: Message = { type: 'snapshot', job: stored };
    await client
      .multi()
      .set(keys.job(stored.snapshot.job_id), JSON.stringify(stored), 'EX', ttl)
      .zadd(keys.userJobs(stored.userId), Date.parse(stored.snapshot.created_at), stored.snapshot.job_id)
      .expire(keys.userJobs(stored.userId), UNFINISHED_TTL_SECONDS)
      .publish(keys.channel, JSON.stringify(message))
      .exec();
  };
  const changed = (stored: StoredJob, change: Partial<JobSnapshot>): StoredJob => ({
    ...stored,
    version: stored.version + 1,
    snapshot: { ...stored.snapshot, ...change },
  });

  const userJobs = async (userId: string): Promise<StoredJob[]> => {
    const ids = await client.zrevrange(keys.userJobs(userId), 0, -1);
    if (ids.length === 0) return [];
    const texts = await client.mget(ids.map(keys.job));
    const gone = ids.filter((_, index) => texts[index] === null);
    if (gone.length > 0) await client.zrem(keys.userJobs(userId), ...gone);
    return texts.flatMap((text) => (text ? [JSON.parse(text) as StoredJob] : []));
  };

  const deliver = (stored: StoredJob) => {
    for (const listener of listeners.get(stored.snapshot.job_id) ?? []) listener(stored);
  };
  subscriber.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as Message;
    if (message.type === 'snapshot') deliver(message.job);
    else {
      const job = running.get(message.jobId);
      if (job) stopRunning(job);
    }
  });
  const subscribed = subscriber.subscribe(keys.channel).catch(options.onConnectionError);

  /**
   * Sends `listener` the job's current snapshot and each later one, once and in order, until the job ends; resolves
   * with the function that stops following sooner.
   */
  const follow = async (jobId: string, listener: (job: StoredJob) => void) => {
    const forJob = listeners.get(jobId) ?? new Set();
    const stop = () => {
      forJob.delete(inOrder);
      if (forJob.size === 0 && listeners.get(jobId) === forJob) listeners.delete(jobId);
    };
    let seen = 0;
    function inOrder(stored: StoredJob) {
      if (stored.version <= seen) return;
      seen = stored.version;
      listener(stored);
      if (isFinished(stored.snapshot.status)) stop();
    }
    // Listen first, then read: an update published in between reaches one or the other, and versions drop the repeat.
    listeners.set(jobId, forJob.add(inOrder));
    await subscribed;
    const current = await read(jobId);
    if (current) inOrder(current);
    return stop;
  };

  // --- The worker: runs jobs taken from the shared queue ---------------------------------------------------------

  const update = (job: RunningJob, change: Partial<JobSnapshot>) => {
    job.stored = changed(job.stored, change);
    const stored = job.stored;
    job.writes = job.writes.then(() => write(stored)).catch((error: unknown) => options.onConnectionError(error));
  };

  function stopRunning(job: RunningJob) {
    if (job.stopReason) return;
    update(job, cancellingChange(job.stored.snapshot));
    stopJob(job, 'cancelled');
  }

  /** A run that cannot be queued because Redis is away: the caller releases its hold, the user may try again. */
  const unreachable = (error: unknown): never => {
    options.onConnectionError(error);
    throw new AppError(errorCodes.unavailable, 503, 'Candor cannot start runs right now; try again in a moment.');
  };

  const discardQuietly = (data: JobData) =>
    options.discard(data).catch((error: unknown) => options.onUnexpectedError(error, data));

  const processJob = async (bullJob: BullJob<JobData>) => {
    const jobId = bullJob.id as string;
    const data = bullJob.data;
    const stored = await read(jobId);
    if (!stored || isFinished(stored.snapshot.status)) {
      // Cancelled (or long forgotten) before any worker took it: nothing ran, so its hold goes.
      if (!stored) await discardQuietly(data);
      return;
    }
    const job: RunningJob = {
      controller: new AbortController(),
      stopReason: undefined,
      stored,
      writes: Promise.resolve(),
    };
    running.set(jobId, job);
    try {
      const finish = (change: Partial<JobSnapshot> & { status: JobStatus }) =>
        update(job, finishedChange(options.clock(), change));
      if (stored.snapshot.status === 'running') {
        // BullMQ hands a job out again when the instance running it stopped answering. Its charge may already have
        // committed, so it is not run twice; a hold still there is released.
        finish({
          status: 'failed',
          error: {
            code: 'interrupted',
            message:
              "The server running this check stopped before it finished. If it isn't in History, nothing was charged; run it again.",
          },
        });
        await discardQuietly(data);
      } else if (closed || (await client.exists(keys.cancelled(jobId)))) {
        finish({ status: 'cancelled' });
        await discardQuietly(data);
      } else {
        // "running" is stored before anything runs: a job handed out again still "queued" never started.
        update(job, startedChange);
        await job.writes;
        finish(await runToEnd(job, data, options, (change) => update(job, change)));
      }
      await job.writes;
    } finally {
      running.delete(jobId);
    }
  };

  /** Takes a job off the queue; false once a worker holds it (that worker is then asked to stop it). */
  const takeBack = (bullJob: BullJob<JobData>) =>
    bullJob.remove().then(
      () => true,
      () => false,
    );

  const worker = new Worker<JobData>(QUEUE_NAME, processJob, {
    connection: workerConnection,
    prefix,
    concurrency: options.concurrency,
    ...(options.lockSeconds
      ? { lockDuration: options.lockSeconds * 1_000, stalledInterval: options.lockSeconds * 1_000 }
      : {}),
  });
  worker.on('error', options.onConnectionError);

  return {
    async submit(data) {
      if (closed) throw queueClosed();
      const mine = await userJobs(data.userId).catch(unreachable);
      if (mine.filter((job) => !isFinished(job.snapshot.status)).length >= options.maxActivePerUser) {
        throw tooManyRuns(options.maxActivePerUser);
      }
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized').catch(unreachable);
      if (Object.values(counts).reduce((sum, count) => sum + count, 0) >= options.maxActive) throw queueFull();
      const jobId = randomUUID();
      const stored: StoredJob = {
        userId: data.userId,
        version: 1,
        snapshot: queuedSnapshot(jobId, data, options.clock()),
      };
      try {
        await write(stored);
        // The snapshot is the record users see; BullMQ keeps nothing once a job has ended.
        await queue.add('run', data, { jobId, attempts: 1, removeOnComplete: true, removeOnFail: true });
      } catch (error) {
        await client.del(keys.job(jobId)).catch(() => {});
        unreachable(error);
      }
      return stored.snapshot;
    },

    async get(userId, jobId) {
      return (await owned(userId, jobId))?.snapshot;
    },

    async list(userId, tool?: ToolId) {
      return (await userJobs(userId))
        .map((stored) => stored.snapshot)
        .filter((snapshot) => !tool || snapshot.tool === tool)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    async cancel(userId, jobId) {
      const stored = await owned(userId, jobId);
      if (!stored || isFinished(stored.snapshot.status)) return stored?.snapshot;
      // Marked first, so a worker taking the job from now on sees it before starting.
      await client.set(keys.cancelled(jobId), '1', 'EX', options.retainSeconds);
      if (stored.snapshot.status === 'queued') {
        const bullJob = await queue.getJob(jobId);
        if (bullJob && (await takeBack(bullJob))) {
          const cancelled = changed(stored, finishedChange(options.clock(), { status: 'cancelled' }));
          await write(cancelled);
          await discardQuietly(bullJob.data);
          return cancelled.snapshot;
        }
      }
      let markEnded: (snapshot: JobSnapshot) => void = () => {};
      const ended = new Promise<JobSnapshot>((resolve) => {
        markEnded = resolve;
      });
      const stop = await follow(jobId, (job) => {
        if (isFinished(job.snapshot.status)) markEnded(job.snapshot);
      });
      const message: Message = { type: 'cancel', jobId };
      await client.publish(keys.channel, JSON.stringify(message));
      const snapshot = await Promise.race([ended, sleep(CANCEL_WAIT_MS, undefined, { ref: false })]);
      stop();
      return snapshot ?? (await read(jobId))?.snapshot;
    },

    async subscribe(userId, jobId, listener: JobListener) {
      if (!(await owned(userId, jobId))) return undefined;
      return follow(jobId, (job) => listener(job.snapshot));
    },

    async close() {
      closed = true;
      // Jobs still queued stay in Redis for the other instances (or this one after a restart).
      for (const job of running.values()) stopJob(job, 'cancelled');
      // Without Redis, the stopped runs' last writes cannot land anyway: nothing to wait for.
      await worker.close(workerConnection.status !== 'ready');
      await queue.close();
      for (const connection of [client, workerConnection, subscriber]) {
        // `quit` waits for Redis to answer; a connection still trying to reach it is dropped instead.
        if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
        else connection.disconnect();
      }
    },
  };
}
