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
