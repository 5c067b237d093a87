import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { errorCodes } from '@candor/contracts';
import type { JobSnapshot } from '@candor/contracts/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { readTestSettings } from '../../../config/env.js';
import { AppError } from '../../../http/errors.js';
import { deleteKeysAt, redisLink } from '../../../test/redis.js';
import { createInProcessJobQueue } from './in-process-queue.js';
import type { JobData, JobProcessor, JobQueue, JobQueueOptions } from './job-queue.js';
import { createRedisJobQueue, type RedisJobQueueOptions } from './redis-queue.js';

// The queue's contract, held by the in-process queue and by the Redis one. The Redis queue is also run as two
// instances sharing one Redis, as a deployment behind a load balancer runs it.

/** What a test job does, named in its input. */
type Script = { name: string } & (
  | { kind: 'succeed' }
  | { kind: 'wait' } // until the test opens its gate, or the run is stopped
  | { kind: 'linger' } // like wait, but takes a second to stop
  | { kind: 'refuse' } // fails with a message for the user
  | { kind: 'crash' } // fails on the server's side
);

interface Harness {
  queue: JobQueue;
  /** Where a shared queue keeps its jobs. */
  keyPrefix: string;
  /** Another instance on the same jobs (shared queues only), with options of its own if given. */
  join(overrides?: Partial<RedisJobQueueOptions>): JobQueue;
  /** Which instance ran each script, by name. */
  ranOn: Map<string, number>;
  /** The data of every job that was discarded without running. */
  discarded: JobData[];
  unexpected: unknown[];
  /** Lets a waiting script finish. */
  open(name: string): void;
  /** Resolves when a script has started on some instance. */
  started(name: string): Promise<void>;
}

interface QueueKind {
  name: string;
  skip?: string;
  /** Whether instances share their jobs (more than one can be built). */
  shared: boolean;
  build(options?: Partial<RedisJobQueueOptions>): Harness;
  cleanUp(): Promise<void>;
}

/** A promise with its resolve at hand (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function harnessParts() {
  const gates = new Map<string, () => void>();
  const starts = new Map<string, ReturnType<typeof deferred<void>>>();
  const startOf = (name: string) => {
    const start = starts.get(name) ?? deferred<void>();
    starts.set(name, start);
    return start;
  };
  const ranOn = new Map<string, number>();
  const processor =
    (instance: number): JobProcessor =>
    async (data, { signal, progress }) => {
      const script = data.input as Script;
      ranOn.set(script.name, instance);
      startOf(script.name).resolve();
      progress({ percent: 40, stage: 'Reading', partial: { seen: script.name } });
      if (script.kind === 'refuse') throw new AppError('unreadable', 422, 'This text cannot be read.');
      if (script.kind === 'crash') throw new Error('the engine broke');
      if (script.kind === 'wait' || script.kind === 'linger') {
        const stopsAfter = script.kind === 'linger' ? 1_000 : 0;
        await new Promise<void>((resolve, reject) => {
          gates.set(script.name, resolve);
          const stop = () => setTimeout(() => reject(signal.reason), stopsAfter);
          if (signal.aborted) stop();
          signal.addEventListener('abort', stop, { once: true });
        });
      }
      return { historyId: `history-of-${script.name}` };
    };
  const discarded: JobData[] = [];
  const unexpected: unknown[] = [];
  const options = (instance: number, overrides: Partial<JobQueueOptions>): JobQueueOptions => ({
    process: processor(instance),
    discard: async (data) => {
      discarded.push(data);
    },
    concurrency: 1,
    timeoutSeconds: 30,
    retainSeconds: 60,
    maxActivePerUser: 5,
    maxActive: 100,
    clock: () => new Date(),
    onUnexpectedError: (error) => unexpected.push(error),
    ...overrides,
  });
  const parts = {
    ranOn,
    discarded,
    unexpected,
    open: (name: string) => gates.get(name)?.(),
    started: (name: string) => startOf(name).promise,
  };
  return { options, parts };
}

function queueKinds(): QueueKind[] {
  const { redisUrl, ci } = readTestSettings();
  if (!redisUrl && ci) throw new Error('CI=true but REDIS_URL is not set: the Redis job queue tests must run in CI');
  const built: JobQueue[] = [];
  const closeAll = async () => {
    await Promise.all(built.splice(0).map((queue) => queue.close()));
  };
  let keyPrefix = '';
  return [
    {
      name: 'in process',
      shared: false,
      build(overrides = {}) {
        const { options, parts } = harnessParts();
        const queue = createInProcessJobQueue(options(0, overrides));
        built.push(queue);
        return {
          queue,
          keyPrefix: '',
          join: () => {
            throw new Error('the in-process queue is one instance');
          },
          ...parts,
        };
      },
      cleanUp: closeAll,
    },
    {
      name: 'in Redis',
      ...(redisUrl ? {} : { skip: 'skipped: no REDIS_URL' }),
      shared: true,
      build(overrides = {}) {
        keyPrefix = `candor-test:${randomUUID()}:jobs`;
        const { options, parts } = harnessParts();
        const instance = (more: Partial<RedisJobQueueOptions> = {}) => {
          const queue = createRedisJobQueue({
            reservationSeconds: overrides.reservationSeconds ?? 120,
            ...options(built.length, { ...overrides, ...more }),
            redisUrl: more.redisUrl ?? redisUrl ?? '',
            keyPrefix,
            onConnectionError: () => {}, // the clients reconnect; a failed command fails its test
          });
          built.push(queue);
          return queue;
        };
        return { queue: instance(), keyPrefix, join: (more) => instance(more), ...parts };
      },
      async cleanUp() {
        await closeAll();
        if (redisUrl && keyPrefix) await deleteKeysAt(redisUrl, keyPrefix);
      },
    },
  ];
}

const doomedInstance = fileURLToPath(new URL('../../../test/jobs/doomed-instance.ts', import.meta.url));

const job = (script: Script, userId = 'user-1'): JobData => ({
  userId,
  tool: 'writing-analysis',
  input: script,
  units: 100,
  holdId: `hold-${script.name}`,
  cost: 100,
});

/** Every snapshot of a job from now until it ends. */
async function follow(queue: JobQueue, userId: string, jobId: string) {
  const seen: JobSnapshot[] = [];
  const { promise: ended, resolve } = deferred<JobSnapshot>();
  const unsubscribe = await queue.subscribe(userId, jobId, (snapshot) => {
    seen.push(snapshot);
    if (snapshot.finished_at !== null) resolve(snapshot);
  });
  return { seen, ended, unsubscribe };
}

for (const kind of queueKinds()) {
  describe.skipIf(kind.skip !== undefined)(`the job queue ${kind.name}${kind.skip ? ` (${kind.skip})` : ''}`, () => {
    afterEach(() => kind.cleanUp());

    it('runs a job to the end: its progress and partial results, then the stored history item', async () => {
      const { queue, started, open } = kind.build();
      const queued = await queue.submit(job({ name: 'a', kind: 'wait' }));
      // In process, a free worker has taken it before `submit` answers.
      expect(queued).toMatchObject({ tool: 'writing-analysis', cost: 100, history_id: null, finished_at: null });
      await started('a');
      const { seen, ended } = await follow(queue, 'user-1', queued.job_id);
      open('a');
      expect(await ended).toMatchObject({
        status: 'succeeded',
        history_id: 'history-of-a',
        progress: { percent: 100, stage: 'Done' },
        partial: { seen: 'a' },
        error: null,
      });
      // A subscriber arriving mid-run starts from where the run is, and never sees a stage twice or out of order.
      const stages = seen.map((snapshot) => snapshot.progress.stage);
      expect(stages).toContain('Reading');
      expect(stages.at(-1)).toBe('Done');
      expect(new Set(stages).size).toBe(stages.length);
      expect(await queue.get('user-1', queued.job_id)).toMatchObject({ status: 'succeeded' });
      expect((await queue.list('user-1')).map((snapshot) => snapshot.job_id)).toEqual([queued.job_id]);
    });

    it("keeps each job to its owner: another user's ids are unknown everywhere", async () => {
      const { queue } = kind.build();
      const queued = await queue.submit(job({ name: 'mine', kind: 'succeed' }));
      await (await follow(queue, 'user-1', queued.job_id)).ended;
      expect(await queue.get('user-2', queued.job_id)).toBeUndefined();
      expect(await queue.list('user-2')).toEqual([]);
      expect(await queue.cancel('user-2', queued.job_id)).toBeUndefined();
      expect(await queue.subscribe('user-2', queued.job_id, () => {})).toBeUndefined();
      expect(await queue.list('user-1', 'ai-detection')).toEqual([]);
    });

    it("reports a failure the user can act on in its own words, and the server's own as a generic one", async () => {
      const { queue, unexpected, discarded } = kind.build();
      const refused = await queue.submit(job({ name: 'refused', kind: 'refuse' }));
      expect(await (await follow(queue, 'user-1', refused.job_id)).ended).toMatchObject({
        status: 'failed',
        error: { code: 'unreadable', message: 'This text cannot be read.' },
      });
      const crashed = await queue.submit(job({ name: 'crashed', kind: 'crash' }));
      expect(await (await follow(queue, 'user-1', crashed.job_id)).ended).toMatchObject({
        status: 'failed',
        error: {
          code: errorCodes.internal,
          message: 'The run failed on our side. No tokens were charged; try again in a moment.',
        },
      });
      expect(unexpected).toEqual([expect.objectContaining({ message: 'the engine broke' })]);
      // Both ran: the processor released their holds itself.
      expect(discarded).toEqual([]);
    });

    it('stops a run over the time limit', async () => {
      const { queue } = kind.build({ timeoutSeconds: 1 });
      const queued = await queue.submit(job({ name: 'slow', kind: 'wait' }));
      expect(await (await follow(queue, 'user-1', queued.job_id)).ended).toMatchObject({
        status: 'failed',
        error: {
          code: 'timed_out',
          message: 'The run took longer than 1 second and was stopped. No tokens were charged.',
        },
      });
    });

    it('cancels a queued job at once, discards its hold and never runs it', async () => {
      const harness = kind.build();
      const { queue } = harness;
      await queue.submit(job({ name: 'first', kind: 'wait' }));
      await harness.started('first');
      const second = await queue.submit(job({ name: 'second', kind: 'succeed' }));
      expect(second.status).toBe('queued');
      expect(await queue.cancel('user-1', second.job_id)).toMatchObject({ status: 'cancelled' });
      expect(harness.discarded.map((data) => data.holdId)).toEqual(['hold-second']);
      harness.open('first');
      const third = await queue.submit(job({ name: 'third', kind: 'succeed' }));
      await (await follow(queue, 'user-1', third.job_id)).ended;
      expect(harness.ranOn.has('second')).toBe(false);
      expect(await queue.get('user-1', second.job_id)).toMatchObject({ status: 'cancelled' });
    });

    it('stops a running job when it is cancelled, and says so while it stops', async () => {
      const harness = kind.build();
      const { queue } = harness;
      const queued = await queue.submit(job({ name: 'long', kind: 'wait' }));
      await harness.started('long');
      const { seen, ended } = await follow(queue, 'user-1', queued.job_id);
      expect(await queue.cancel('user-1', queued.job_id)).toMatchObject({ status: 'cancelled', history_id: null });
      expect(await ended).toMatchObject({ status: 'cancelled' });
      expect(seen.map((snapshot) => snapshot.progress.stage)).toContain('Cancelling');
      // It ran, so the processor released its hold; nothing was discarded.
      expect(harness.discarded).toEqual([]);
    });

    it('holds each user to their number of unfinished runs', async () => {
      const harness = kind.build({ maxActivePerUser: 2 });
      const { queue } = harness;
      const one = await queue.submit(job({ name: 'one', kind: 'wait' }));
      await queue.submit(job({ name: 'two', kind: 'wait' }));
      await expect(queue.submit(job({ name: 'three', kind: 'wait' }))).rejects.toMatchObject({
        status: 429,
        message: 'You already have 2 runs in progress. Wait for one to finish, then try again.',
      });
      expect(await queue.submit(job({ name: 'theirs', kind: 'succeed' }, 'user-2'))).toMatchObject({
        status: 'queued',
      });
      await harness.started('one');
      const { ended } = await follow(queue, 'user-1', one.job_id);
      harness.open('one');
      await ended;
      expect(await queue.submit(job({ name: 'three', kind: 'wait' }))).toMatchObject({ status: 'queued' });
    });

    it('holds each user to their limit when their runs arrive all at once', async () => {
      const { queue } = kind.build({ maxActivePerUser: 2 });
      const burst = await Promise.allSettled(
        Array.from({ length: 5 }, (_, index) => queue.submit(job({ name: `burst-${index}`, kind: 'wait' }))),
      );
      expect(burst.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
      expect(burst.filter((outcome) => outcome.status === 'rejected')).toHaveLength(3);
    });

    it('keeps a finished job listed as long as it stays visible, however short the reservation', async () => {
      const { queue } = kind.build({ reservationSeconds: 1, retainSeconds: 60 });
      const done = await queue.submit(job({ name: 'listed', kind: 'succeed' }));
      await (await follow(queue, 'user-1', done.job_id)).ended;
      await sleep(1_500);
      expect((await queue.list('user-1')).map((snapshot) => snapshot.job_id)).toEqual([done.job_id]);
    });

    it('counts a run that started late against the limit for as long as it runs', async () => {
      const harness = kind.build({ reservationSeconds: 2, maxActivePerUser: 1 });
      const { queue } = harness;
      await queue.submit(job({ name: 'other user', kind: 'wait' }, 'user-2'));
      await harness.started('other user');
      await queue.submit(job({ name: 'late', kind: 'wait' }));
      await sleep(1_200);
      harness.open('other user');
      await harness.started('late');
      await sleep(1_200);
      await expect(queue.submit(job({ name: 'one too many', kind: 'succeed' }))).rejects.toMatchObject({ status: 429 });
    });

    it('cancels the runs it holds when it closes, and takes no more', async () => {
      const harness = kind.build();
      const { queue } = harness;
      const queued = await queue.submit(job({ name: 'running', kind: 'wait' }));
      await harness.started('running');
      // Watched from another instance where there can be one: this one stops listening as it closes.
      const { ended } = await follow(kind.shared ? harness.join() : queue, 'user-1', queued.job_id);
      await queue.close();
      expect(await ended).toMatchObject({ status: 'cancelled' });
      await expect(queue.submit(job({ name: 'late', kind: 'succeed' }))).rejects.toMatchObject({ status: 503 });
    });

    // Only a shared queue has a second instance to speak of.
    if (kind.shared)
      describe('shared by two instances', () => {
        it('streams and cancels a run from the instance that does not run it', async () => {
          const harness = kind.build();
          const a = harness.queue;
          const b = harness.join();
          // With one worker per instance, of two waiting runs each instance takes one.
          const first = await a.submit(job({ name: 'first', kind: 'wait' }));
          const second = await a.submit(job({ name: 'second', kind: 'wait' }));
          await Promise.all([harness.started('first'), harness.started('second')]);
          expect(new Set([harness.ranOn.get('first'), harness.ranOn.get('second')])).toEqual(new Set([0, 1]));
          const onB = harness.ranOn.get('first') === 1 ? first : second;
          const { seen, ended } = await follow(a, 'user-1', onB.job_id);
          expect(await a.cancel('user-1', onB.job_id)).toMatchObject({ status: 'cancelled' });
          expect(await ended).toMatchObject({ status: 'cancelled' });
          expect(seen.map((snapshot) => snapshot.progress.stage)).toContain('Cancelling');
          expect(await b.get('user-1', onB.job_id)).toMatchObject({ status: 'cancelled' });
          expect((await b.list('user-1')).map((snapshot) => snapshot.status).sort()).toEqual(['cancelled', 'running']);
        });

        it('reports a run whose instance died as interrupted, never runs it again, and releases its hold', async () => {
          const harness = kind.build({ lockSeconds: 1 });
          // Kept busy, so the doomed instance is the one to take its own job.
          await harness.queue.submit(job({ name: 'busy', kind: 'wait' }));
          await harness.started('busy');
          const doomed = spawn(
            process.execPath,
            ['--import', 'tsx', doomedInstance, readTestSettings().redisUrl ?? '', harness.keyPrefix, '1'],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          );
          const [line] = (await once(doomed.stdout, 'data')) as [Buffer];
          expect(line.toString()).toBe('running\n');
          doomed.kill('SIGKILL');
          await once(doomed, 'exit');
          harness.open('busy');
          const orphan = (await harness.queue.list('user-1')).find((snapshot) => snapshot.partial === null);
          expect(orphan).toMatchObject({ status: 'running' });
          expect(await (await follow(harness.queue, 'user-1', orphan?.job_id ?? '')).ended).toMatchObject({
            status: 'failed',
            error: { code: 'interrupted' },
          });
          expect(harness.ranOn.has('doomed')).toBe(false);
          expect(harness.discarded.map((data) => data.holdId)).toEqual(['hold-doomed']);
        });

        it('ends a job whose instance died before queueing it, as interrupted and never run', async () => {
          const harness = kind.build({ queueingSeconds: 1 });
          const doomed = spawn(
            process.execPath,
            ['--import', 'tsx', doomedInstance, readTestSettings().redisUrl ?? '', harness.keyPrefix, '1', 'queueing'],
            { stdio: ['ignore', 'ignore', 'inherit'] },
          );
          const [, signal] = await once(doomed, 'exit');
          expect(signal).toBe('SIGKILL');
          const [orphan] = await harness.queue.list('user-1');
          expect(orphan).toMatchObject({ status: 'queued' });
          expect(await (await follow(harness.queue, 'user-1', orphan?.job_id ?? '')).ended).toMatchObject({
            status: 'failed',
            error: { code: 'interrupted', message: expect.stringContaining('Nothing was charged') },
          });
          expect(harness.ranOn.has('doomed')).toBe(false);
          // Its hold was never renewed for the run: it lapses by itself, so there is nothing to discard.
          expect(harness.discarded).toEqual([]);
        });

        it('never starts a job still waiting when its reservation lapses, and releases its hold', async () => {
          const harness = kind.build({ reservationSeconds: 1 });
          await harness.queue.submit(job({ name: 'busy', kind: 'wait' }));
          await harness.started('busy');
          const late = await harness.queue.submit(job({ name: 'late', kind: 'succeed' }));
          await sleep(1_500);
          expect(await harness.queue.get('user-1', late.job_id)).toBeUndefined();
          harness.open('busy');
          await expect.poll(() => harness.discarded.map((data) => data.holdId)).toEqual(['hold-late']);
          expect(harness.ranOn.has('late')).toBe(false);
        });

        it('holds a user to their limit across instances whose clocks disagree', async () => {
          const harness = kind.build({ maxActivePerUser: 1, reservationSeconds: 60 });
          await harness.queue.submit(job({ name: 'running', kind: 'wait' }));
          await harness.started('running');
          // Ten minutes fast: by its clock the first run's reservation has long lapsed, but Redis keeps the time.
          const fast = harness.join({ clock: () => new Date(Date.now() + 10 * 60_000) });
          await expect(fast.submit(job({ name: 'one too many', kind: 'succeed' }))).rejects.toMatchObject({
            status: 429,
          });
          harness.open('running');
        });

        it('reports the end of a run that finished while its instance had lost Redis', async () => {
          const harness = kind.build();
          const link = await redisLink(readTestSettings().redisUrl ?? '');
          try {
            // The first instance is kept busy, so the one behind the link takes the run.
            await harness.queue.submit(job({ name: 'busy', kind: 'wait' }));
            await harness.started('busy');
            harness.join({ redisUrl: link.url });
            const run = await harness.queue.submit(job({ name: 'cut off', kind: 'wait' }));
            await harness.started('cut off');
            expect(harness.ranOn.get('cut off')).toBe(1);

            await link.cut();
            harness.open('cut off');
            await sleep(1_500);
            expect(await harness.queue.get('user-1', run.job_id)).toMatchObject({ status: 'running' });
            await link.restore();
            // Its last snapshot is retried until Redis is back: the run ends, and is not reported as interrupted.
            await expect
              .poll(async () => (await harness.queue.get('user-1', run.job_id))?.status, { timeout: 15_000 })
              .toBe('succeeded');
            expect(harness.discarded).toEqual([]);
          } finally {
            harness.open('busy');
            await link.close();
          }
        });

        it('takes no queued job while it closes, even when a run it stopped ends before another', async () => {
          const harness = kind.build({ concurrency: 2 });
          await harness.queue.submit(job({ name: 'quick to stop', kind: 'wait' }));
          await harness.queue.submit(job({ name: 'slow to stop', kind: 'linger' }));
          await Promise.all([harness.started('quick to stop'), harness.started('slow to stop')]);
          const waiting = await harness.queue.submit(job({ name: 'waiting', kind: 'succeed' }));
          await harness.queue.close();
          expect(await harness.join().get('user-1', waiting.job_id)).toMatchObject({ status: 'queued' });
          expect(harness.discarded.map((data) => data.holdId)).not.toContain('hold-waiting');
        });

        it('closes promptly when Redis stops answering but the connection stays open', async () => {
          const harness = kind.build();
          const link = await redisLink(readTestSettings().redisUrl ?? '');
          try {
            const stalled = harness.join({ redisUrl: link.url });
            await stalled.list('user-1');
            link.stall();
            const closing = stalled.close().then(() => 'closed');
            expect(await Promise.race([closing, sleep(8_000).then(() => 'still closing')])).toBe('closed');
          } finally {
            await link.close();
          }
        });

        it('keeps a queued job for another instance when the one it was sent to shuts down', async () => {
          const harness = kind.build();
          const a = harness.queue;
          await a.submit(job({ name: 'busy', kind: 'wait' }));
          await harness.started('busy');
          const waiting = await a.submit(job({ name: 'waiting', kind: 'succeed' }));
          await a.close();
          const b = harness.join();
          expect(await (await follow(b, 'user-1', waiting.job_id)).ended).toMatchObject({ status: 'succeeded' });
          expect(harness.ranOn.get('waiting')).toBe(1);
          expect(harness.discarded).toEqual([]);
        });
      });
  });
}

describe('the job queue in Redis, with Redis away', () => {
  it('refuses a run with 503 and a message, and closes without waiting for Redis', async () => {
    const { options } = harnessParts();
    const queue = createRedisJobQueue({
      ...options(0, {}),
      redisUrl: 'redis://127.0.0.1:9', // the discard port: nothing listens
      keyPrefix: 'candor-test:away',
      reservationSeconds: 120,
      onConnectionError: () => {},
    });
    await expect(queue.submit(job({ name: 'lost', kind: 'succeed' }))).rejects.toMatchObject({
      status: 503,
      message: 'Candor cannot start runs right now; try again in a moment.',
    });
    await queue.close();
  });
});
