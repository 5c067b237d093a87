import { MessageChannel } from 'node:worker_threads';
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

/**
 * CPU-heavy engine calls run here, off the event loop (DESIGN.md). A task that is aborted while it runs stops its
 * thread; a thread that crashes or runs out of heap rejects its task and is replaced.
 */
export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const pool = new Piscina({
    filename: new URL(fromSource ? './engine-worker-tsx.mjs' : './engine-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleSeconds * 1_000,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
  });

  return {
    threads: options.threads,

    async run<Output>(module: string, input: unknown, { signal, onProgress }: EngineRunOptions): Promise<Output> {
      const channel = new MessageChannel();
      channel.port1.on('message', (progress: EngineProgress) => onProgress(progress));
      try {
        const task: EngineTask = { module, input, progress: channel.port2 };
        const output: unknown = await pool.run(task, { transferList: [channel.port2], signal });
        if (isRefusal(output)) throw new AppError(output.refused.code, output.refused.status, output.refused.message);
        return output as Output;
      } finally {
        channel.port1.close();
      }
    },

    close: () => pool.destroy(),
  };
}
