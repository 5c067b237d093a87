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
import { type JobData, type JobListener, type JobQueue, type JobQueueOptions, QUEUEING_SECONDS } from './job-queue.js';
import { jobScripts } from './redis-scripts.js';

export interface RedisJobQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** Every key and channel of the queue starts with this (each test suite uses its own). */
  keyPrefix: string;
  /**
   * How long a job's token reservation lasts from when it was queued or started. A job still waiting after that
   * can no longer start (the processor refuses it), so its snapshot and its place in the limits lapse with it.
   */
  reservationSeconds: number;
  /** Told when Redis is unreachable (the connections retry on their own). */
  onConnectionError: (error: unknown) => void;
  /**
   * How long an instance holds a job without renewing its lock (BullMQ's `lockDuration`, and its stalled check):
   * a job whose instance died is handed out again after one to two of these. Tests shorten it.
   */
  lockSeconds?: number;
  /** How long a job may wait between its snapshot and its place in BullMQ (QUEUEING_SECONDS). Tests shorten it. */
  queueingSeconds?: number;
}

/** A job's snapshot as every instance reads it; `version` orders its changes, for subscribers and for writers. */
interface StoredJob {
  userId: string;
  version: number;
  snapshot: JobSnapshot;
}

type Message = { type: 'snapshot'; job: StoredJob } | { type: 'cancel'; jobId: string };

interface RunningJob extends StoppableJob {
  stored: StoredJob;
  /** Set once this worker has moved the job to "running": until then, a cancel only stops it, writing nothing. */
  claimed: boolean;
  /** Snapshot writes in order, so a subscriber never sees progress after the end. */
  writes: Promise<void>;
}

const QUEUE_NAME = 'tool-runs';
// How long a cancel waits for the instance running the job to report the end.
const CANCEL_WAIT_MS = 15_000;
// A run's last snapshot is retried this long while Redis is away; after that it lapses with its TTL.
const FINAL_WRITE_ATTEMPTS = 12;
const FINAL_WRITE_BACKOFF_MS = 500;
// How long closing waits for the runs it stopped to write their last snapshots, and then for Redis to say goodbye.
const CLOSE_GRACE_MS = 5_000;
const QUIT_WAIT_MS = 1_000;
const NEVER_QUEUED_ERROR = {
  code: 'interrupted',
  message: 'The server that took this check stopped before it could start it. Nothing was charged; run it again.',
};

/**
 * Tool runs shared by every instance through Redis (DESIGN.md principle 4). BullMQ hands each job to one instance's
 * worker (at most `concurrency` per instance). The snapshot users see lives in a Redis key of its own and every
 * change is published, so a job's progress streams from whichever instance the browser reaches, and a cancel reaches
 * the instance that runs it. Every write is a compare-and-set script (redis-scripts.ts): a worker starts a job only
 * by moving it from "queued" to "running" itself, and a finished snapshot never changes. Queued jobs survive a
 * restart; a run whose instance died is reported as interrupted, not run again. A hold settles once (ledger
 * `charge`), so even an instance that lost its job mid-run cannot charge it twice.
 */
export function createRedisJobQueue(options: RedisJobQueueOptions): JobQueue {
  const prefix = options.keyPrefix;
  const keys = {
    job: (jobId: string) => `${prefix}:job:${jobId}`,
    userJobs: (userId: string) => `${prefix}:user:${userId}`,
    userActive: (userId: string) => `${prefix}:active:${userId}`,
    allActive: `${prefix}:active`,
    cancelled: (jobId: string) => `${prefix}:cancelled:${jobId}`,
    channel: `${prefix}:events`,
  };
  // Requests fail fast while Redis is away; the worker's connection waits for it instead, as BullMQ requires.
  const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  const workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  for (const connection of [client, workerConnection, subscriber]) connection.on('error', options.onConnectionError);
  const scripts = jobScripts(client);

  const queue = new Queue<JobData>(QUEUE_NAME, { connection: client, prefix });
  queue.on('error', options.onConnectionError);
  const listeners = new Map<string, Set<(job: StoredJob) => void>>();
  const running = new Map<string, RunningJob>();
  let closed = false;

  // A user's job list outlives both their unfinished jobs and the finished ones still shown.
  const listTtlSeconds = Math.max(options.reservationSeconds, options.retainSeconds);
  const read = async (jobId: string): Promise<StoredJob | undefined> => {
    const text = await client.get(keys.job(jobId));
    return text ? (JSON.parse(text) as StoredJob) : undefined;
  };
  const owned = async (userId: string, jobId: string) => {
    const stored = await read(jobId);
    return stored?.userId === userId ? stored : undefined;
  };
  const changed = (stored: StoredJob, change: Partial<JobSnapshot>): StoredJob => ({
    ...stored,
    version: stored.version + 1,
    snapshot: { ...stored.snapshot, ...change },
  });

  /**
   * Stores a later snapshot and tells every instance, if nobody changed the job meanwhile (see commitJob).
   * `expect` is the status the stored snapshot must still have; `notCancelled` also refuses a job marked cancelled.
   */
  const commit = async (
    stored: StoredJob,
    { expect = '', notCancelled = false }: { expect?: JobStatus | ''; notCancelled?: boolean } = {},
  ): Promise<'written' | 'refused' | 'cancelled'> => {
    const { snapshot } = stored;
    const finished = isFinished(snapshot.status);
    const message: Message = { type: 'snapshot', job: stored };
    const outcome = await scripts.commitJob(
      [
        keys.job(snapshot.job_id),
        keys.userActive(stored.userId),
        keys.allActive,
        keys.cancelled(snapshot.job_id),
        keys.userJobs(stored.userId),
      ],
      [
        JSON.stringify(stored),
        stored.version,
        finished ? 1 : 0,
        finished ? options.retainSeconds : options.reservationSeconds,
        snapshot.job_id,
        keys.channel,
        JSON.stringify(message),
        expect,
        notCancelled ? 1 : 0,
        options.reservationSeconds,
        listTtlSeconds,
      ],
    );
    return outcome === 1 ? 'written' : outcome === 2 ? 'cancelled' : 'refused';
  };

  const userJobs = async (userId: string): Promise<StoredJob[]> => {
    const ids = await client.zrevrange(keys.userJobs(userId), 0, -1);
    if (ids.length === 0) return [];
    const texts = await client.mget(ids.map(keys.job));
    const gone = ids.filter((_, index) => texts[index] === null);
    if (gone.length > 0) await client.zrem(keys.userJobs(userId), ...gone);
    return texts.flatMap((text) => (text ? [JSON.parse(text) as StoredJob] : []));
  };

  // --- Following jobs: every instance hears every change and hands it to its own listeners ---------------------

  const deliver = (stored: StoredJob) => {
    for (const listener of listeners.get(stored.snapshot.job_id) ?? []) listener(stored);
  };
  const catchUp = async (jobId: string) => {
    const current = await read(jobId).catch(() => undefined);
    if (current) deliver(current);
  };
  subscriber.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as Message;
    if (message.type === 'snapshot') deliver(message.job);
    else {
      const job = running.get(message.jobId);
      if (job) stopRunning(job);
    }
  });
  // Messages published while the subscriber was reconnecting are lost. Once subscribed again, read every followed
  // job again, and look for cancels of the jobs running here.
  subscriber.on('ready', () => {
    void subscriber
      .subscribe(keys.channel)
      .then(async () => {
        await Promise.all([...listeners.keys()].map(catchUp));
        for (const [jobId, job] of running) {
          if (await client.exists(keys.cancelled(jobId))) stopRunning(job);
        }
      })
      .catch(options.onConnectionError);
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
    try {
      await subscribed;
      const current = await read(jobId);
      if (current) inOrder(current);
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  };

  // --- The worker: runs jobs taken from the shared queue ---------------------------------------------------------

  const update = (job: RunningJob, change: Partial<JobSnapshot>) => {
    job.stored = changed(job.stored, change);
    const stored = job.stored;
    // Progress may be lost while Redis is away; the next change (a higher version) carries on.
    job.writes = job.writes
      .then(() => commit(stored))
      .then(
        () => {},
        (error: unknown) => options.onConnectionError(error),
      );
  };

  /** The run's last snapshot, retried while Redis is away so the job never stays "running" after it ended. */
  const finish = async (
    job: RunningJob,
    change: Partial<JobSnapshot> & { status: JobStatus },
  ): Promise<'written' | 'refused' | 'cancelled' | 'lost'> => {
    await job.writes;
    job.stored = changed(job.stored, finishedChange(options.clock(), change));
    for (let attempt = 1; ; attempt++) {
      try {
        return await commit(job.stored);
      } catch (error) {
        if (attempt === FINAL_WRITE_ATTEMPTS) {
          options.onConnectionError(error);
          return 'lost';
        }
        await sleep(FINAL_WRITE_BACKOFF_MS * attempt);
      }
    }
  };

  function stopRunning(job: RunningJob) {
    if (job.stopReason || isFinished(job.stored.snapshot.status)) return;
    // Before its claim the job is not this worker's to describe: it is only stopped.
    if (job.claimed) update(job, cancellingChange(job.stored.snapshot));
    stopJob(job, 'cancelled');
  }

  const discardQuietly = (data: JobData) =>
    options.discard(data).catch((error: unknown) => options.onUnexpectedError(error, data));

  /** A run that cannot be queued because Redis is away: the caller releases its hold, the user may try again. */
  const unreachable = (error: unknown): never => {
    options.onConnectionError(error);
    throw new AppError(errorCodes.unavailable, 503, 'Candor cannot start runs right now; try again in a moment.');
  };

  const processJob = async (bullJob: BullJob<JobData>) => {
    const jobId = bullJob.id as string;
    const data = bullJob.data;
    const job: RunningJob = {
      controller: new AbortController(),
      stopReason: undefined,
      stored: { userId: data.userId, version: 0, snapshot: queuedSnapshot(jobId, data, options.clock()) },
      claimed: false,
      writes: Promise.resolve(),
    };
    running.set(jobId, job);
    // The version this worker's claim would give the job, once it tries (a claim whose answer was lost may have landed).
    let claimVersion: number | undefined;
    try {
      const stored = await read(jobId);
      if (!stored) {
        // Its reservation lapsed while it waited (the snapshot with it): it never ran, so its hold goes.
        await discardQuietly(data);
        return;
      }
      if (isFinished(stored.snapshot.status)) return;
      job.stored = stored;
      if (stored.snapshot.status === 'running') {
        // BullMQ hands a job out again when the instance running it stopped answering. Whatever it did, it is not run
        // again: a result it stored was charged with it; otherwise its hold is released here. A refused write means
        // that instance is alive after all, and its run goes on.
        const ended = await finish(job, {
          status: 'failed',
          error: {
            code: 'interrupted',
            message:
              "The server running this check stopped before it finished. If it isn't in History, nothing was charged; run it again.",
          },
        });
        if (ended === 'written') await discardQuietly(data);
        return;
      }
      const cancel = async () => {
        if ((await finish(job, { status: 'cancelled' })) === 'written') await discardQuietly(data);
      };
      if (closed) return await cancel();
      // Only the worker that moves the job from "queued" to "running" runs it.
      claimVersion = stored.version + 1;
      const claim = await commit(changed(stored, startedChange), { expect: 'queued', notCancelled: true });
      if (claim === 'cancelled') return await cancel();
      if (claim === 'refused') return;
      job.stored = changed(stored, startedChange);
      job.claimed = true;
      // Stopped while it was being claimed (a cancel, or this server closing): it ends before it starts.
      if (job.stopReason) return await cancel();
      await finish(job, await runToEnd(job, data, options, (change) => update(job, change)));
    } catch (error) {
      // Redis failed while the job was being looked at or taken: it did not run. Say so, and free its hold.
      options.onConnectionError(error);
      if (!job.claimed) await abandon(jobId, data, claimVersion);
    } finally {
      running.delete(jobId);
    }
  };

  /**
   * Ends a job this worker took but did not run, once Redis answers again (or its snapshot lapses), and releases its
   * hold. A job that is another worker's by now is left to it.
   */
  const abandon = async (jobId: string, data: JobData, claimVersion: number | undefined) => {
    for (let attempt = 1; attempt <= FINAL_WRITE_ATTEMPTS; attempt++) {
      try {
        const stored = await read(jobId);
        const status = stored?.snapshot.status;
        const mine = status === 'queued' || (status === 'running' && stored?.version === claimVersion);
        if (stored && status && !isFinished(status)) {
          if (!mine) return;
          const failed = changed(
            stored,
            finishedChange(options.clock(), {
              status: 'failed',
              error: {
                code: errorCodes.unavailable,
                message: 'The run could not be started. No tokens were charged; try again.',
              },
            }),
          );
          if ((await commit(failed)) !== 'written') continue;
        }
        await discardQuietly(data);
        return;
      } catch {
        await sleep(FINAL_WRITE_BACKOFF_MS * attempt);
      }
    }
  };

  /** Takes a job off the queue; false once a worker holds it (that worker is then asked to stop it). */
  const takeBack = (bullJob: BullJob<JobData>) =>
    bullJob.remove().then(
      () => true,
      () => false,
    );

  /**
   * Ends the jobs of an instance that died between storing a job's snapshot and queueing it in BullMQ (`submit`): no
   * worker will ever take them, and their users would watch them wait until the reservation lapses. A job still
   * "queued" a queueing time after it was submitted, and unknown to BullMQ, is one of them; its hold has lapsed by
   * then (QUEUEING_SECONDS), so nothing was charged. Every instance looks, and the compare-and-set lets one write.
   */
  const queueingMs = (options.queueingSeconds ?? QUEUEING_SECONDS) * 1_000;
  const endNeverQueued = async () => {
    const [seconds, microseconds] = await client.time();
    const redisNowMs = Number(seconds) * 1_000 + Math.floor(Number(microseconds) / 1_000);
    // An active entry's score is when its reservation lapses, counted from its submission while it is queued.
    const submittedLongAgo = await client.zrangebyscore(
      keys.allActive,
      '-inf',
      redisNowMs - queueingMs + options.reservationSeconds * 1_000,
    );
    for (const jobId of submittedLongAgo) {
      const stored = await read(jobId);
      if (stored?.snapshot.status !== 'queued' || (await queue.getJobState(jobId)) !== 'unknown') continue;
      const ended = changed(stored, finishedChange(options.clock(), { status: 'failed', error: NEVER_QUEUED_ERROR }));
      await commit(ended, { expect: 'queued' });
    }
  };
  const neverQueuedSweep = setInterval(() => {
    if (!closed) endNeverQueued().catch(options.onConnectionError);
  }, queueingMs / 2);
  neverQueuedSweep.unref();

  // The runs this instance's worker is in, to wait for when it closes.
  const processing = new Set<Promise<void>>();
  const worker = new Worker<JobData>(
    QUEUE_NAME,
    (bullJob) => {
      const done = processJob(bullJob);
      processing.add(done);
      return done.finally(() => processing.delete(done));
    },
    {
      connection: workerConnection,
      prefix,
      concurrency: options.concurrency,
      ...(options.lockSeconds
        ? { lockDuration: options.lockSeconds * 1_000, stalledInterval: options.lockSeconds * 1_000 }
        : {}),
    },
  );
  worker.on('error', options.onConnectionError);

  return {
    async submit(data) {
      if (closed) throw queueClosed();
      const jobId = randomUUID();
      const now = options.clock();
      const stored: StoredJob = { userId: data.userId, version: 1, snapshot: queuedSnapshot(jobId, data, now) };
      const limit = await scripts
        .submitJob(
          [keys.job(jobId), keys.userJobs(data.userId), keys.userActive(data.userId), keys.allActive],
          [
            JSON.stringify(stored),
            options.reservationSeconds,
            now.getTime(),
            jobId,
            options.maxActivePerUser,
            options.maxActive,
            listTtlSeconds,
          ],
        )
        .catch(unreachable);
      if (limit === 1) throw tooManyRuns(options.maxActivePerUser);
      if (limit === 2) throw queueFull();
      try {
        // The snapshot is the record users see; BullMQ keeps nothing once a job has ended.
        await queue.add('run', data, { jobId, attempts: 1, removeOnComplete: true, removeOnFail: true });
      } catch (error) {
        await commit(changed(stored, finishedChange(options.clock(), { status: 'cancelled' }))).catch(() => {});
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
      await client.set(keys.cancelled(jobId), '1', 'EX', options.reservationSeconds);
      if (stored.snapshot.status === 'queued') {
        const bullJob = await queue.getJob(jobId);
        if (bullJob && (await takeBack(bullJob))) {
          // Still "queued" means no worker took it: it is cancelled here. Otherwise a worker has it (below).
          const cancelled = changed(stored, finishedChange(options.clock(), { status: 'cancelled' }));
          if ((await commit(cancelled, { expect: 'queued' })) === 'written') {
            await discardQuietly(bullJob.data);
            return cancelled.snapshot;
          }
          if (!(await read(jobId))) {
            // Its reservation lapsed meanwhile, and it is off the queue: nobody will run it.
            await discardQuietly(bullJob.data);
            return undefined;
          }
        }
      }
      let markEnded: (snapshot: JobSnapshot) => void = () => {};
      const ended = new Promise<JobSnapshot>((resolve) => {
        markEnded = resolve;
      });
      const stop = await follow(jobId, (job) => {
        if (isFinished(job.snapshot.status)) markEnded(job.snapshot);
      });
      try {
        const message: Message = { type: 'cancel', jobId };
        await client.publish(keys.channel, JSON.stringify(message));
        const snapshot = await Promise.race([ended, sleep(CANCEL_WAIT_MS, undefined, { ref: false })]);
        return snapshot ?? (await read(jobId))?.snapshot;
      } finally {
        stop();
      }
    },

    async subscribe(userId, jobId, listener: JobListener) {
      if (!(await owned(userId, jobId))) return undefined;
      return follow(jobId, (job) => listener(job.snapshot));
    },

    async close() {
      closed = true;
      clearInterval(neverQueuedSweep);
      // No more jobs for this instance: a slot that a stopped run frees must not take a queued job (it would only
      // cancel it). Jobs still queued stay in Redis for the other instances, or this one after a restart.
      await worker.pause(true);
      for (const job of running.values()) stopJob(job, 'cancelled');
      // The stopped runs write their last snapshots (retried a while if Redis is away); then the worker is closed
      // without waiting for BullMQ's own loop, which would wait for good on a connection that lost Redis a moment ago
      // and still reads "ready". A job BullMQ did not hear the end of is handed out again, and its finished snapshot
      // keeps it from running twice.
      // (The timers are unref'd: they must not keep a process that is done from exiting.)
      await Promise.race([Promise.allSettled([...processing]), sleep(CLOSE_GRACE_MS, undefined, { ref: false })]);
      await worker.close(true);
      await queue.close();
      await Promise.all(
        [client, workerConnection, subscriber].map(async (connection) => {
          // `quit` waits for Redis to answer, which a silent Redis never does: it gets a moment, then the connection
          // is dropped either way.
          if (connection.status === 'ready') {
            await Promise.race([connection.quit().catch(() => {}), sleep(QUIT_WAIT_MS, undefined, { ref: false })]);
          }
          connection.disconnect();
        }),
      );
    },
  };
}
