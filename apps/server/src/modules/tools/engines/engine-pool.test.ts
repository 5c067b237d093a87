import { randomUUID } from 'node:crypto';
import type { JobSnapshot } from '@candor/contracts/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { misbehavingEngine } from '../../../test/engines/misbehaving-engine.js';
import { createInProcessJobQueue } from '../jobs/in-process-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { EngineProgress } from './engine-module.js';
import { createEnginePool, type EnginePool } from './engine-pool.js';

// The misbehaving engine, steered by its input's first word: `hang` busy-loops until its thread is stopped, `exit`
// kills its thread, `garbage` answers at once.
const task = (text: string) => ({ text });

/** Settles with 'timed out' if `promise` hasn't settled within `ms`: a waiting task that never starts fails fast. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), ms);
    }),
  ]);
}

/** Resolves once a hanging task reports that it is busy-looping (so it holds its thread). */
function hanging() {
  let resolve: () => void = () => {};
  const started = new Promise<void>((settle) => {
    resolve = settle;
  });
  const stop = new AbortController();
  return { started, stop, onProgress: (progress: EngineProgress) => progress.stage === 'Hanging' && resolve() };
}

const never = () => new AbortController().signal;

/** Stops a task the way `AbortSignal.timeout` does, but only once the test has seen it hold its thread. */
const timeOut = (controller: AbortController) => controller.abort(new DOMException('timed out', 'TimeoutError'));

describe('the engine pool', { timeout: 90_000 }, () => {
  let pool: EnginePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });
  const poolOf = (threads: number) => {
    pool = createEnginePool({ threads, maxHeapMb: 256, idleSeconds: 60 });
    return pool;
  };

  it('starts a waiting task as soon as an aborted one frees its thread', async () => {
    const engines = poolOf(1);
    const stop = new AbortController();
    const busy = hanging();
    const running = engines.run(misbehavingEngine, task('hang'), { signal: stop.signal, onProgress: busy.onProgress });
    running.catch(() => {});
    await busy.started;
    const waiting = engines.run(misbehavingEngine, task('garbage'), { signal: never(), onProgress: () => {} });
    stop.abort();
    await expect(running).rejects.toThrow();
    expect(await within(waiting, 15_000)).toEqual({ not: 'a report' });
  });

  it('starts waiting tasks on every thread that time-outs free, with no other task arriving', async () => {
    const engines = poolOf(2);
    const holds = [hanging(), hanging()];
    const timedOut = holds.map((hold) =>
      engines.run(misbehavingEngine, task('hang'), { signal: hold.stop.signal, onProgress: hold.onProgress }),
    );
    for (const run of timedOut) run.catch(() => {});
    await Promise.all(holds.map((hold) => hold.started));
    const waiting = [1, 2, 3].map(() =>
      engines.run(misbehavingEngine, task('garbage'), { signal: never(), onProgress: () => {} }),
    );
    for (const hold of holds) timeOut(hold.stop);
    for (const run of timedOut) await expect(run).rejects.toThrow();
    expect(await within(Promise.all(waiting), 15_000)).toEqual([1, 2, 3].map(() => ({ not: 'a report' })));
  });

  it('starts a waiting task when a running one kills its thread', async () => {
    const engines = poolOf(1);
    const dying = engines.run(misbehavingEngine, task('exit'), { signal: never(), onProgress: () => {} });
    dying.catch(() => {});
    const waiting = engines.run(misbehavingEngine, task('garbage'), { signal: never(), onProgress: () => {} });
    await expect(dying).rejects.toThrow();
    expect(await within(waiting, 15_000)).toEqual({ not: 'a report' });
  });

  it('drops a waiting task that is aborted before it starts, and runs the next', async () => {
    const engines = poolOf(1);
    const stop = new AbortController();
    const busy = hanging();
    const running = engines.run(misbehavingEngine, task('hang'), { signal: stop.signal, onProgress: busy.onProgress });
    running.catch(() => {});
    await busy.started;
    const giveUp = new AbortController();
    const abandoned = engines.run(misbehavingEngine, task('garbage'), { signal: giveUp.signal, onProgress: () => {} });
    const next = engines.run(misbehavingEngine, task('garbage'), { signal: never(), onProgress: () => {} });
    giveUp.abort();
    await expect(abandoned).rejects.toThrow();
    stop.abort();
    expect(await within(next, 15_000)).toEqual({ not: 'a report' });
  });
});

describe('an engine that reads an uploaded file', { timeout: 90_000 }, () => {
  let pool: EnginePool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('fails with 422 and a reason when its thread dies or it throws, 503 when it times out, and is logged', async () => {
    const failures: unknown[] = [];
    const engines = createEnginePool({
      threads: 1,
      maxHeapMb: 256,
      idleSeconds: 60,
      fileReaders: [misbehavingEngine],
      onFileReaderFailure: (error) => failures.push(error),
    });
    pool = engines;
    const unreadable = { status: 422, code: 'unreadable_file', message: expect.stringMatching(/can't be read/) };
    for (const command of ['exit', 'throw']) {
      const run = engines.run(misbehavingEngine, task(command), { signal: never(), onProgress: () => {} });
      await expect(run).rejects.toMatchObject(unreadable);
    }
    expect(failures).toHaveLength(2);

    const stop = new AbortController();
    const busy = hanging();
    const slow = engines.run(misbehavingEngine, task('hang'), { signal: stop.signal, onProgress: busy.onProgress });
    slow.catch(() => {});
    await busy.started;
    timeOut(stop);
    await expect(slow).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    // The thread each of them ended is replaced for the next file.
    expect(await engines.run(misbehavingEngine, task('garbage'), { signal: never(), onProgress: () => {} })).toEqual({
      not: 'a report',
    });
  });

  it('leaves the failures of other engines as they are: the server is at fault there', async () => {
    const engines = createEnginePool({ threads: 1, maxHeapMb: 256, idleSeconds: 60, fileReaders: ['file:///x.js'] });
    pool = engines;
    const run = engines.run(misbehavingEngine, task('exit'), { signal: never(), onProgress: () => {} });
    await expect(run).rejects.toThrow(/exited/);
    await expect(run).rejects.not.toBeInstanceOf(AppError);
  });
});

describe('a queued tool run behind engine time-outs', { timeout: 90_000 }, () => {
  let pool: EnginePool | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.close();
    await pool?.close();
  });

  it('starts once the timed-out uploads free their threads, with no other request arriving', async () => {
    const engines = createEnginePool({ threads: 2, maxHeapMb: 256, idleSeconds: 60 });
    pool = engines;
    const jobs = createInProcessJobQueue({
      process: async (data, { signal, progress }) => {
        await engines.run(misbehavingEngine, data.input, { signal, onProgress: progress });
        return { historyId: randomUUID() };
      },
      discard: async () => {},
      concurrency: engines.threads,
      timeoutSeconds: 60,
      retainSeconds: 60,
      maxActivePerUser: 5,
      maxActive: 100,
      clock: () => new Date(),
      onUnexpectedError: () => {},
    });
    queue = jobs;
    // Two uploads read on the pool directly (as extract and analyse do) hold both threads until they time out.
    const holds = [hanging(), hanging()];
    const uploads = holds.map((hold) =>
      engines.run(misbehavingEngine, task('hang'), { signal: hold.stop.signal, onProgress: hold.onProgress }),
    );
    for (const upload of uploads) upload.catch(() => {});
    await Promise.all(holds.map((hold) => hold.started));

    const userId = randomUUID();
    const job = await jobs.submit({
      userId,
      tool: 'writing-analysis',
      input: task('garbage'),
      units: 1,
      holdId: randomUUID(),
      cost: 1,
    });
    for (const hold of holds) timeOut(hold.stop);
    const finished = new Promise<JobSnapshot>((resolve) => {
      void jobs.subscribe(userId, job.job_id, (snapshot) => {
        if (snapshot.finished_at !== null) resolve(snapshot);
      });
    });
    expect(await within(finished, 15_000)).toMatchObject({ status: 'succeeded' });
  });
});
