/**
 * The contract between the tool pipeline and the code that runs in a worker thread. An engine module's default
 * export takes the tool's validated input and a way to report progress, and returns a plain, structured-cloneable
 * result (it crosses `postMessage`, so no class instances, functions or Maps).
 */
export interface EngineProgress {
  /** 0–100. */
  percent: number;
  /** What the engine is doing, in words a user understands. */
  stage: string;
  /** What it has found so far, when a screen can already show some of it. */
  partial?: unknown;
}

export type ReportProgress = (progress: EngineProgress) => void;

export type EngineFunction<Input, Output> = (input: Input, report: ReportProgress) => Output | Promise<Output>;

/** Identity helper that gives an engine module's default export its type. */
export function defineEngine<Input, Output>(run: EngineFunction<Input, Output>): EngineFunction<Input, Output> {
  return run;
}

/**
 * What an engine returns when the input itself is at fault (a corrupt or encrypted file): the pool turns it into a
 * 4xx error with this message, so the user learns why and nothing is charged. (A thrown error can't carry its status
 * across the worker boundary.)
 */
export interface EngineRefusal {
  refused: { status: 400 | 409 | 413 | 415 | 422; code: string; message: string };
}

export const refuse = (status: EngineRefusal['refused']['status'], code: string, message: string): EngineRefusal => ({
  refused: { status, code, message },
});

export function isRefusal(value: unknown): value is EngineRefusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}
