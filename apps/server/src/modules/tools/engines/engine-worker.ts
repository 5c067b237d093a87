import type { MessagePort } from 'node:worker_threads';
import type { EngineFunction, EngineProgress } from './engine-module.js';

/** One task for the pool: which engine module to run, its input, and where its progress goes. */
export interface EngineTask {
  /** `file://` URL of a module whose default export is an `EngineFunction`. */
  module: string;
  input: unknown;
  progress: MessagePort;
}

const loaded = new Map<string, Promise<EngineFunction<unknown, unknown>>>();

/** Modules load once per thread, so an engine's dictionaries and models stay warm between runs. */
function load(module: string): Promise<EngineFunction<unknown, unknown>> {
  let engine = loaded.get(module);
  if (!engine) {
    engine = import(module).then((exports: { default?: unknown }) => {
      if (typeof exports.default !== 'function') throw new Error(`${module} has no default engine function`);
      return exports.default as EngineFunction<unknown, unknown>;
    });
    loaded.set(module, engine);
  }
  return engine;
}

/** The pool's worker entry (piscina calls the default export once per task). */
export default async function runEngineTask(task: EngineTask): Promise<unknown> {
  try {
    const engine = await load(task.module);
    return await engine(task.input, (progress: EngineProgress) => task.progress.postMessage(progress));
  } finally {
    task.progress.close();
  }
}
