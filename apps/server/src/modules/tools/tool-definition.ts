import type { ProductId, ServiceName } from '@candor/contracts';
import type { ToolId, ToolLimits } from '@candor/contracts/tools';
import type { Database } from '@candor/db';
import type { z } from 'zod';
import type { ToolsConfig } from '../../config/env.js';

/** A run as it is stored: the history item and its children (spec §3). */
export interface StoredRun {
  title: string;
  input: unknown;
  result: unknown;
  children?: { title: string; modelName?: ServiceName; input: unknown; result: unknown }[];
  /** Files the run produced (a redacted document), stored with the item in the same transaction. */
  files?: { name: string; mediaType: string; content: Uint8Array }[];
}

/** What a tool's `prepare` step may use: it runs in the job, before the engine, on the server's main thread. */
export interface PrepareContext {
  db: Database;
  userId: string;
  config: ToolsConfig;
  /** Aborted when the run is cancelled or times out. */
  signal: AbortSignal;
  progress(update: { percent: number; stage: string; partial?: unknown }): void;
  /** Units reserved for the run: the most it may use when they are counted as it goes (`reserveUnits`). */
  units: number;
  /** Runs an engine module in a worker thread (CPU work stays off the event loop here too); `signal` stops it. */
  runInWorker<Output>(module: string, input: unknown, signal: AbortSignal): Promise<Output>;
}

/** What a tool's `units` may use to count its input: a worker thread, under the job time-out. */
export interface UnitsContext {
  runInWorker<Output>(module: string, input: unknown): Promise<Output>;
}

/** The user's current plan, as `reserveUnits` reads it. */
export interface ReservingPlan {
  tab: string;
  limits: { maxPagesPerScan?: number | null };
}

/** A stored run handed to a tool's exporter. */
export interface SavedRun {
  title: string;
  createdAt: Date;
  cost: number;
  input: unknown;
  result: unknown;
}

/**
 * Everything the pipeline needs to know about one tool (docs/tool-runs.md, "How to add a tool"). The pipeline
 * validates, limits, reserves, runs `engine` in a worker thread, checks its output and stores it, and charges —
 * the same way for every tool.
 */
export interface ToolDefinition<Input = unknown, Output = unknown> {
  id: ToolId;
  modelName: ServiceName;
  /** The catalogue product this tool provides: registering the tool is what makes the product available. */
  product: ProductId;
  input: z.ZodType<Input>;
  /** The engine's output, checked before anything is stored: a broken engine fails the run instead. */
  output: z.ZodType<Output>;
  /** What `toHistory` keeps as the result, when it is not the whole output (the redactor's file bytes go apart). */
  result?: z.ZodType;
  limits: ToolLimits;
  /** Largest request body a run takes, when its input carries more than text (a base64 document). */
  maxBodyBytes?: number;
  /** Characters of the input, measured against `limits.maxCharacters`. */
  characters(input: Input): number;
  /**
   * What the run is charged for (words for text, seconds for audio), counted the way the engine counts them; a tool
   * that must read its input to count it (decode a recording) does so in a worker through `context`, before anything is
   * reserved, and may refuse the input there with a 4xx `AppError`.
   */
  units(input: Input, context: UnitsContext): number | Promise<number>;
  /**
   * Units to reserve when they are known only as the run goes (a site scan's pages): the most the run may use, within
   * the user's plan (null: no plan); the plans' word limit does not apply. Without it `units` is reserved and charged.
   */
  reserveUnits?(input: Input, plan: ReservingPlan | null, config: ToolsConfig): number;
  /** Units the run used, read from its output (at most those reserved): what it is charged for. */
  chargedUnits?(output: Output): number;
  /**
   * Whether a stopped run keeps what it did (a site scan's pages): a cancel or the time-out stops `prepare`, which
   * returns its work so far; the engine and the store then finish, and the run is charged for what it used.
   */
  keepsPartialWork?: boolean;
  /**
   * Gathers what the engine needs beyond the input — things only the server can reach (the database, the network) —
   * and returns the engine's input. Without it the engine gets the input as it is. A 4xx `AppError` thrown here
   * fails the run with its message and charges nothing.
   */
  prepare?(input: Input, context: PrepareContext): Promise<unknown>;
  /** `file://` URL of the engine module (see engines/engine-module.ts) — `builtInEngine('<tool>')`. */
  engine: string;
  toHistory(input: Input, output: Output): StoredRun;
  /** A downloadable PDF of a stored run, when the tool offers one. */
  exportPdf?(run: SavedRun): Promise<Buffer>;
}

/** Erases a definition's input and output types so definitions of different tools can share one registry. */
export function defineTool<Input, Output>(definition: ToolDefinition<Input, Output>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}
