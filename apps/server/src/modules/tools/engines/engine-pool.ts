import { MessageChannel } from 'node:worker_threads';
import { errorCodes } from '@candor/contracts';
import { Piscina } from 'piscina';
import { AppError } from '../../../http/errors.js';
import { type EngineProgress, isRefusal } from './engine-module.js';
import type { EngineTask } from './engine-worker.js';

// From TypeScript source this file is engines/engine-pool.ts; in the build it is inlined into dist/main.js, beside
// dist/engine-worker.js and dist/engines/*.js (apps/server/build.mjs).
const fromSource = import.meta.url.endsWith('.ts');

/** The `file://` URL of a built-in engine module: `modules/tools/<name>/engine.ts`, built to `dist/engines/<name>.js`. */
export function builtInEngine(name: string): string {
  return fromSource
    ? new URL(`../${name}/engine.ts`, import.meta.url).href
    : new URL(`./engines/${name}.js`, import.meta.url).href;
}

export interface EnginePoolOptions {
  /** Worker threads; the machine's parallelism by default. */
  threads: number;
  /** Heap of one worker: an engine that runs away is stopped there instead of taking the server down. */
  maxHeapMb: number;
  /** How long an idle thread (with its loaded dictionaries and models) is kept. */
  idleSeconds: number;
  /**
   * Engine modules whose input is an uploaded file (extract, document analysis, redaction). Whatever stops one of
   * them other than a cancel — its thread running out of heap or dying, an error it throws — is the file's doing: it
   * fails with 422 `unreadable_file` and a reason, and a time-out (a `TimeoutError` abort) with 503. The built-in
   * extract, document-analysis and document-redaction engines by default.
   */
  fileReaders?: readonly string[];
  /** Told why a file reader failed, since the user only sees that the file can't be read. */
  onFileReaderFailure?: (error: unknown, module: string) => void;
}

export interface EngineRunOptions {
  signal: AbortSignal;
  onProgress: (progress: EngineProgress) => void;
}

export interface EnginePool {
  readonly threads: number;
  run<Output>(module: string, input: unknown, options: EngineRunOptions): Promise<Output>;
  close(): Promise<void>;
}

/** The built-in engines whose input is an uploaded file. */
const BUILT_IN_FILE_READERS = ['extract', 'document-analysis', 'document-redaction', 'voice-detection'];

export const fileTookTooLong = () =>
  new AppError(
    errorCodes.unavailable,
    503,
    'Reading this file took longer than the time allowed, so it was stopped. Try again in a moment, or with a smaller or simpler file.',
  );

const fileNeedsTooMuchMemory = (cause: unknown) =>
  withCause(
    cause,
    new AppError(
      'unreadable_file',
      422,
      "This file needs more memory to read than one file may use (its images or pages are too large), so it can't be read.",
    ),
  );

const fileBrokeTheReader = (cause: unknown) =>
  withCause(
    cause,
    new AppError(
      'unreadable_file',
      422,
      "This file is damaged or built in a way Candor can't read, so it can't be read.",
    ),
  );

// The user reads the 422; whoever logs it still sees what stopped the reader.
const withCause = (cause: unknown, error: AppError) => Object.assign(error, { cause });

/** The error piscina rejects an aborted task with, for a task stopped before it reached piscina. */
function abortError(signal: AbortSignal): Error {
  const error = new Error('The task has been aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

/**
 * CPU-heavy engine calls run here, off the event loop (DESIGN.md). A task that is aborted while it runs stops its
 * thread; a thread that crashes or runs out of heap rejects its task and is replaced.
 *
 * Tasks wait here, never in piscina's queue: with minThreads 0, piscina replaces a thread that an abort or a crash
 * ended only when the next task is submitted, so a task already queued there would wait for another request to
 * arrive (issue 25). Here each task is handed to piscina only when a thread is free for it, which makes piscina
 * start a thread for it then.
 */
export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const pool = new Piscina({
    filename: new URL(fromSource ? './engine-worker-tsx.mjs' : './engine-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleSeconds * 1_000,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
  });
  const fileReaders = new Set(options.fileReaders ?? BUILT_IN_FILE_READERS.map(builtInEngine));

  let running = 0;
  const waiting: Array<{ start: () => void }> = [];

  /** Resolves once the task may go to piscina: a thread is free for it. */
  function admit(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (running < options.threads && waiting.length === 0) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  }

  // Runs after piscina has let go of the task's thread (removed it, for an abort or a crash), so the next task
  // either takes a free thread or makes piscina start one.
  function release() {
    const next = waiting.shift();
    if (next) next.start();
    else running--;
  }

  function failureOf(module: string, signal: AbortSignal, error: unknown): unknown {
    if (!fileReaders.has(module) || error instanceof AppError) return error;
    if (signal.aborted)
      return (signal.reason as Error | undefined)?.name === 'TimeoutError' ? fileTookTooLong() : error;
    options.onFileReaderFailure?.(error, module);
    return (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? fileNeedsTooMuchMemory(error)
      : fileBrokeTheReader(error);
  }

  return {
    threads: options.threads,

    async run<Output>(module: string, input: unknown, { signal, onProgress }: EngineRunOptions): Promise<Output> {
      let output: unknown;
      try {
        await admit(signal);
        try {
          output = await runTask(module, input, signal, onProgress);
        } finally {
          release();
        }
      } catch (error) {
        throw failureOf(module, signal, error);
      }
      if (isRefusal(output)) throw new AppError(output.refused.code, output.refused.status, output.refused.message);
      return output as Output;
    },

    close: () => {
      for (const entry of waiting.splice(0)) entry.start();
      return pool.destroy();
    },
  };

  async function runTask(
    module: string,
    input: unknown,
    signal: AbortSignal,
    onProgress: (progress: EngineProgress) => void,
  ): Promise<unknown> {
    const channel = new MessageChannel();
    channel.port1.on('message', (progress: EngineProgress) => onProgress(progress));
    try {
      const task: EngineTask = { module, input, progress: channel.port2 };
      return await pool.run(task, { transferList: [channel.port2], signal });
    } finally {
      channel.port1.close();
    }
  }
}
