import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import type { EngineProgress } from '../engines/engine-module.js';

/**
 * How long submitting a run may take, from its reservation to its place in the queue. A process killed in between
 * leaves a hold that lapses within this (the ledger) and, in a shared queue, a snapshot that is ended after it.
 */
export const QUEUEING_SECONDS = 30;

/** What a queued run carries: plain data, so a Redis-backed queue can store it as it is. */
export interface JobData {
  userId: string;
  tool: ToolId;
  /** The tool's validated input. */
  input: unknown;
  /** Words (or pages, seconds…) the run is charged for. */
  units: number;
  /** The reservation the run settles (ledger `reserve`). */
  holdId: string;
  cost: number;
  /** Set for a run made with an API key: History marks it and names the key. */
  origin?: RunOrigin | undefined;
}

/** Who started a run, when it was not the screens. */
export interface RunOrigin {
  kind: 'api';
  apiKeyId: string;
  apiKeyName: string;
  /** A synchronous API call waits for the run: the process that stores its result hands it over (ToolRuns). */
  awaited?: boolean;
}

export interface JobContext {
  /** Aborted when the user cancels or the run times out. */
  signal: AbortSignal;
  progress(update: EngineProgress): void;
}

/**
 * Runs one job to the end; resolves with the stored history item, rejects when nothing was stored. `cost` is what was
 * charged; `stopped` marks a run that was stopped and kept what it had done (a site scan's pages).
 */
export type JobProcessor = (
  data: JobData,
  context: JobContext,
) => Promise<{ historyId: string; cost?: number; stopped?: boolean }>;

/** Called for a job that will never run (cancelled while queued, or the queue closed): its hold must go. */
export type JobDiscarder = (data: JobData) => Promise<void>;

export type JobListener = (snapshot: JobSnapshot) => void;

/** What every queue is built with. */
export interface JobQueueOptions {
  process: JobProcessor;
  discard: JobDiscarder;
  /** Jobs this process runs at once (one per engine thread keeps the rest honestly "queued"). */
  concurrency: number;
  /** A run longer than this is stopped. */
  timeoutSeconds: number;
  /** How long a finished job stays visible, so a reloaded screen can still see how it ended. */
  retainSeconds: number;
  /** Unfinished jobs one user may have. */
  maxActivePerUser: number;
  /** Unfinished jobs in all. */
  maxActive: number;
  clock: () => Date;
  /** Told about failures that are the server's fault (the user sees a generic message). */
  onUnexpectedError: (error: unknown, data: JobData) => void;
}

/**
 * Where tool runs wait and run. The in-process queue is the default; with `REDIS_URL` the Redis-backed one (BullMQ)
 * serves many instances (DESIGN.md principle 4) without any change to the tools.
 */
export interface JobQueue {
  /** Queues a run; the snapshot comes back at once. */
  submit(data: JobData): Promise<JobSnapshot>;
  /** The user's job, or undefined for unknown and other users' ids alike. */
  get(userId: string, jobId: string): Promise<JobSnapshot | undefined>;
  /** The user's jobs still known, newest first. */
  list(userId: string, tool?: ToolId): Promise<JobSnapshot[]>;
  /** Stops the user's job and resolves with its final snapshot (a run that already finished keeps its outcome). */
  cancel(userId: string, jobId: string): Promise<JobSnapshot | undefined>;
  /** Sends the current snapshot and every later one to `listener`; undefined when the job isn't the user's. */
  subscribe(userId: string, jobId: string, listener: JobListener): Promise<(() => void) | undefined>;
  /**
   * Stops taking jobs and cancels the ones this process runs. Queued jobs are discarded, unless another instance can
   * run them.
   */
  close(): Promise<void>;
}
