import type { PublicJob, PublicRun, PublicRunFile } from '@candor/contracts';
import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { type Database, historyFiles, historyItems, preparedQuery } from '@candor/db';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { JobQueue } from '../tools/jobs/job-queue.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

type HistoryRow = typeof historyItems.$inferSelect;
type StoredFile = Omit<PublicRunFile, 'url'>;

const runWithFiles = preparedQuery((db) =>
  db
    .select({
      ...getTableColumns(historyItems),
      // Qualified by hand: Drizzle writes a one-table query's columns unqualified, which inside this subquery would
      // name history_files' own columns.
      files: sql<StoredFile[]>`(
        select coalesce(json_agg(json_build_object(
          'id', f.id, 'name', f.name, 'media_type', f.media_type, 'bytes', octet_length(f.content)
        ) order by f.created_at, f.id), '[]'::json)
        from ${historyFiles} f where f.history_id = ${historyItems}.id
      )`,
    })
    .from(historyItems)
    .where(and(eq(historyItems.id, sql.placeholder('historyId')), eq(historyItems.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare(''),
);

/** Builds the API's job and run objects from the queue's snapshots and the History they end in. */
export function createPublicJobs(deps: {
  db: Database;
  queue: JobQueue;
  tools: ReadonlyMap<ToolId, ToolDefinition>;
  /** `PUBLIC_URL` + `/api/public`: where status and file URLs point. */
  baseUrl: string;
}) {
  const fileOf = (historyId: string, file: StoredFile): PublicRunFile => ({
    ...file,
    url: `${deps.baseUrl}/v1/runs/${historyId}/files/${file.id}`,
  });

  const ownedRun = async (userId: string, historyId: string): Promise<HistoryRow | undefined> => {
    const [row] = await deps.db
      .select()
      .from(historyItems)
      .where(and(eq(historyItems.id, historyId), eq(historyItems.userId, userId)))
      .limit(1);
    return row;
  };

  /** The run with its files' descriptions (not their content), in one statement: a synchronous call ends with it. */
  const ownedRunWithFiles = async (userId: string, historyId: string) => {
    const [row] = await runWithFiles(deps.db).execute({ userId, historyId });
    return row && { ...row, files: row.files.map((file) => fileOf(row.id, { ...file, bytes: Number(file.bytes) })) };
  };

  return {
    ownedRun,

    /**
     * The job as the API shows it; with `withResult`, a succeeded job carries its stored result and files, read back
     * unless the caller has the result already (`stored`: a run with no files, just stored by this process).
     */
    async job(
      userId: string,
      snapshot: JobSnapshot,
      withResult = true,
      stored?: { result: unknown },
    ): Promise<PublicJob> {
      const run = stored
        ? { result: stored.result, files: [] }
        : withResult && snapshot.history_id
          ? await ownedRunWithFiles(userId, snapshot.history_id)
          : undefined;
      return {
        id: snapshot.job_id,
        object: 'job',
        tool: snapshot.tool,
        status: snapshot.status,
        progress: snapshot.progress,
        cost: snapshot.cost,
        created_at: snapshot.created_at,
        finished_at: snapshot.finished_at,
        status_url: `${deps.baseUrl}/v1/jobs/${snapshot.job_id}`,
        run_id: snapshot.history_id,
        result: run?.result ?? null,
        files: run?.files ?? [],
        error: snapshot.error,
      };
    },

    /** A stored run of a tool the registry has; undefined for other users' and unknown ids alike. */
    async run(userId: string, historyId: string): Promise<PublicRun | undefined> {
      const row = await ownedRunWithFiles(userId, historyId);
      const tool = row && [...deps.tools.values()].find((candidate) => candidate.modelName === row.modelName);
      if (!row || !tool || row.parentId !== null) return undefined;
      return {
        id: row.id,
        object: 'run',
        tool: tool.id,
        model_name: row.modelName,
        title: row.title,
        cost: row.cost,
        created_at: row.createdAt.toISOString(),
        source: row.apiKeyName === null ? 'web' : 'api',
        result: row.result ?? null,
        files: row.files,
      };
    },

    /** Waits up to `ms` for the job to finish; resolves with its last snapshot either way. */
    async waitForEnd(userId: string, jobId: string, ms: number, started: JobSnapshot): Promise<JobSnapshot> {
      let latest = started;
      let settled = false;
      let unsubscribe: (() => void) | undefined;
      let timer: NodeJS.Timeout | undefined;
      const result = await new Promise<JobSnapshot>((resolve) => {
        const finish = (snapshot: JobSnapshot) => {
          settled = true;
          resolve(snapshot);
        };
        timer = setTimeout(() => finish(latest), ms);
        timer.unref();
        deps.queue
          .subscribe(userId, jobId, (snapshot) => {
            latest = snapshot;
            if (snapshot.finished_at !== null) finish(snapshot);
          })
          .then(
            (stop) => {
              // A subscription that arrives after the end is dropped at once.
              if (settled) stop?.();
              else unsubscribe = stop;
              if (!stop) finish(latest);
            },
            () => finish(latest),
          );
      });
      clearTimeout(timer);
      unsubscribe?.();
      return result;
    },
  };
}
export type PublicJobs = ReturnType<typeof createPublicJobs>;
