import { randomUUID } from 'node:crypto';
import { errorCodes, toStorableData, toStorableText } from '@candor/contracts';
import { type JobSnapshot, NO_WORDS_MESSAGE, type ToolId } from '@candor/contracts/tools';
import { type Database, historyFiles, historyItems, preparedQuery } from '@candor/db';
import { sql } from 'drizzle-orm';
import type { ToolsConfig } from '../../config/env.js';
import { AppError, notFound, parseWith } from '../../http/errors.js';
import { charge, holdLapsed, release, renewHold, reserve } from '../detector/ledger.js';
import { findCurrentSubscription } from '../payment/plans.repository.js';
import type { EnginePool } from './engines/engine-pool.js';
import type { ExtractionOutcome } from './extract/extract-text.js';
import { type JobData, type JobProcessor, type JobQueue, QUEUEING_SECONDS, type RunOrigin } from './jobs/job-queue.js';
import type { ToolDefinition } from './tool-definition.js';

export interface ToolRunsDeps {
  db: Database;
  tools: ReadonlyMap<ToolId, ToolDefinition>;
  config: ToolsConfig;
  pool: EnginePool;
  clock: () => Date;
  /** How long a reservation outlives a run that never reports back (a crashed process). */
  holdSeconds: number;
  /** Module URL of the upload text extractor (a built-in engine). */
  extractor: string;
  extractTimeoutSeconds: number;
}

const SAVING_STAGE = { percent: 95, stage: 'Saving the result' };
/** A run that keeps its work after a stop gets this long to finish and store it. */
const FINISH_AFTER_STOP_MS = 120_000;
/** Children per insert: a site scan's thousands of pages stay under PostgreSQL's 65,535 parameters a statement. */
const CHILDREN_PER_INSERT = 500;
/** Results kept for synchronous calls that gave up waiting (answered 202) before they are dropped, oldest first. */
const HANDED_OVER_MAX = 256;
const words = (n: number) => n.toLocaleString('en-US');

/** Every run stores its History item with this statement, built once. */
const insertRun = preparedQuery((db) =>
  db
    .insert(historyItems)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      modelName: sql.placeholder('modelName'),
      title: sql.placeholder('title'),
      // As JSON text: a placeholder of a jsonb column would store a missing value as JSON null, not SQL NULL.
      input: sql`${sql.placeholder('input')}::jsonb`,
      result: sql`${sql.placeholder('result')}::jsonb`,
      cost: sql.placeholder('cost'),
      apiKeyId: sql.placeholder('apiKeyId'),
      apiKeyName: sql.placeholder('apiKeyName'),
    })
    .prepare(''),
);
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Thrown at the last moment a cancelled run could still be stored; the transaction rolls back. */
class RunCancelled extends Error {}

/**
 * The tool-run pipeline (docs/tool-runs.md): validate → limit → reserve → queue; then, as a job, run the engine
 * in a worker → check its output → store the history item and charge in one transaction. Any failure or a cancel
 * before that commit leaves no item and no charge, and drops the reservation.
 */
export function createToolRuns(deps: ToolRunsDeps) {
  const toolFor = (id: string): ToolDefinition => {
    const tool = deps.tools.get(id as ToolId);
    if (!tool) throw notFound('There is no such tool');
    return tool;
  };

  const tooLarge = (message: string) => new AppError(errorCodes.payloadTooLarge, 413, message);

  /**
   * The results of awaited runs this process stored, by history id, until their caller takes them: a synchronous API
   * call answers with the result without reading back what was just written. Runs with files or children are read
   * back, as are runs another instance stored.
   */
  const handedOver = new Map<string, unknown>();
  const handOver = (historyId: string, result: unknown) => {
    if (handedOver.size >= HANDED_OVER_MAX) handedOver.delete(handedOver.keys().next().value as string);
    handedOver.set(historyId, result);
  };

  /** The job body: everything after the reservation. */
  const process: JobProcessor = async (data, { signal, progress }) => {
    const tool = toolFor(data.tool);
    try {
      // The reservation runs from now: a job that waited past it does not start (its balance check is stale).
      if (!(await renewHold(deps.db, data.holdId, deps.clock(), deps.holdSeconds))) throw holdLapsed();
      const engineInput = tool.prepare
        ? await tool.prepare(data.input, {
            db: deps.db,
            userId: data.userId,
            config: deps.config,
            signal,
            progress,
            units: data.units,
            runInWorker: (module, input, stop) => deps.pool.run(module, input, { signal: stop, onProgress: () => {} }),
          })
        : data.input;
      // After a stop, a run that keeps its work finishes under a time limit of its own instead of the stop.
      const keep = tool.keepsPartialWork === true;
      const finishing = keep ? AbortSignal.timeout(FINISH_AFTER_STOP_MS) : signal;
      const output = await deps.pool.run(tool.engine, engineInput, { signal: finishing, onProgress: progress });
      const checked = tool.output.safeParse(output);
      if (!checked.success) throw new Error(`${tool.id} engine returned an invalid result: ${checked.error.message}`);
      progress(SAVING_STAGE);
      const { files, ...record } = tool.toHistory(data.input, checked.data);
      // The input was cleaned at the edge; what an engine read elsewhere (a fetched page, a document) is cleaned here.
      const stored = { ...toStorableData(record), files };
      const historyId = randomUUID();
      const units = tool.chargedUnits ? Math.min(tool.chargedUnits(checked.data), data.units) : data.units;
      let cost = data.cost;
      await deps.db.transaction(async (tx) => {
        const receipt = await charge(tx, {
          userId: data.userId,
          modelName: tool.modelName,
          units,
          reference: { type: 'history_item', id: historyId },
          now: deps.clock(),
          holdId: data.holdId,
        });
        await insertRun(tx).execute({
          id: historyId,
          userId: data.userId,
          modelName: tool.modelName,
          title: stored.title,
          input: jsonOrNull(stored.input),
          result: jsonOrNull(stored.result),
          cost: receipt.cost,
          apiKeyId: data.origin?.apiKeyId ?? null,
          apiKeyName: data.origin?.apiKeyName ?? null,
        });
        cost = receipt.cost;
        for (let from = 0; from < (stored.children?.length ?? 0); from += CHILDREN_PER_INSERT) {
          await tx.insert(historyItems).values(
            (stored.children ?? []).slice(from, from + CHILDREN_PER_INSERT).map((child, index) => ({
              userId: data.userId,
              parentId: historyId,
              position: from + index,
              modelName: child.modelName ?? tool.modelName,
              title: child.title,
              input: child.input,
              result: child.result,
              cost: 0,
            })),
          );
        }
        if (stored.files?.length) {
          await tx.insert(historyFiles).values(
            stored.files.map((file) => ({
              historyId,
              name: file.name,
              mediaType: file.mediaType,
              content: Buffer.from(file.content),
            })),
          );
        }
        // A cancel that arrived while the result was being written still wins: nothing commits.
        if (signal.aborted && !keep) throw new RunCancelled();
      });
      if (data.origin?.awaited && !stored.files?.length && !stored.children?.length) handOver(historyId, stored.result);
      return { historyId, cost, stopped: keep && signal.aborted };
    } catch (error) {
      await release(deps.db, data.holdId);
      throw error;
    }
  };

  return {
    process,
    discard: (data: JobData) => release(deps.db, data.holdId),

    /** Checks and reserves a run, then queues it; throws 400/413/402 before anything is queued. */
    async start(
      queue: JobQueue,
      userId: string,
      toolId: string,
      body: unknown,
      origin?: RunOrigin,
    ): Promise<JobSnapshot> {
      const tool = toolFor(toolId);
      const input = parseWith(tool.input, body);
      const characters = tool.characters(input);
      if (characters > tool.limits.maxCharacters) {
        throw tooLarge(
          `The text has ${words(characters)} characters; one run takes up to ${words(tool.limits.maxCharacters)}. Split it into parts.`,
        );
      }
      const reservingPlan = tool.reserveUnits ? ((await findCurrentSubscription(deps.db, userId))?.plan ?? null) : null;
      const units = tool.reserveUnits
        ? tool.reserveUnits(input, reservingPlan, deps.config)
        : await tool.units(input, {
            runInWorker: (module, workerInput) =>
              deps.pool.run(module, workerInput, {
                signal: AbortSignal.timeout(deps.config.jobTimeoutSeconds * 1_000),
                onProgress: () => {},
              }),
          });
      // One rule for every tool: a run with nothing to count is refused, not charged nothing and stored.
      if (units === 0) {
        throw new AppError(errorCodes.validation, 400, 'Some fields are invalid', [
          { path: 'text', message: NO_WORDS_MESSAGE },
        ]);
      }
      const { holdId, cost } = await reserve(deps.db, {
        userId,
        modelName: tool.modelName,
        units,
        now: deps.clock(),
        // Only as long as queueing may take, so a process killed before queueing frees the user's balance soon; once
        // the job is queued it is renewed for `holdSeconds`.
        holdSeconds: Math.min(QUEUEING_SECONDS, deps.holdSeconds),
        // A tool that reserves by its plan (reserveUnits) has applied the plan's limits already.
        ...(tool.reserveUnits
          ? {}
          : {
              checkPlan: ({ maxWordsPerRun }) => {
                if (maxWordsPerRun !== null && units > maxWordsPerRun) {
                  throw tooLarge(
                    `Your plan checks up to ${words(maxWordsPerRun)} words per run and this text has ${words(units)}. Shorten it or upgrade your plan.`,
                  );
                }
              },
            }),
      });
      let queued: JobSnapshot;
      try {
        queued = await queue.submit({
          userId,
          tool: tool.id,
          input,
          units,
          holdId,
          cost,
          ...(origin ? { origin } : {}),
        });
      } catch (error) {
        await release(deps.db, holdId);
        throw error;
      }
      // Queued: the reservation now waits for the job. A job that has already started (an idle in-process queue starts
      // it at once) renewed the hold itself as it started, and one that has ended settled it: nothing to renew.
      if (queued.status === 'queued') await renewHold(deps.db, holdId, deps.clock(), deps.holdSeconds);
      return queued;
    },

    /** The text of an uploaded file, read in a worker thread within the tool's limits. */
    async extract(toolId: string, file: { bytes: Uint8Array; fileName: string }): Promise<ExtractionOutcome> {
      const tool = toolFor(toolId);
      const outcome = await deps.pool.run<ExtractionOutcome>(
        deps.extractor,
        { file, limits: tool.limits },
        { signal: AbortSignal.timeout(deps.extractTimeoutSeconds * 1_000), onProgress: () => {} },
      );
      // A PDF's or a Word file's text can hold a NUL; the editor gets what a run could store.
      return outcome.ok ? { ...outcome, text: toStorableText(outcome.text) } : outcome;
    },

    /** The stored result of an awaited run this process ran (once); undefined when it must be read back. */
    takeResult(historyId: string): { result: unknown } | undefined {
      if (!handedOver.has(historyId)) return undefined;
      const result = handedOver.get(historyId);
      handedOver.delete(historyId);
      return { result };
    },

    toolFor,
  };
}
export type ToolRuns = ReturnType<typeof createToolRuns>;
