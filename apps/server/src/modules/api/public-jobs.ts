import type { PublicJob, PublicRun, PublicRunFile } from '@candor/contracts';
import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { type Database, historyFiles, historyItems } from '@candor/db';
import { and, eq, sql } from 'drizzle-orm';
import type { JobQueue } from '../tools/jobs/job-queue.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

type HistoryRow = typeof historyItems.$inferSelect;

/** Builds the API's job and run objects from the queue's snapshots and the History they end in. */
export function createPublicJobs(deps: {
  db: Database;
  queue: JobQueue;
  tools: ReadonlyMap<ToolId, ToolDefinition>;
  /** `PUBLIC_URL` + `/api/public`: where status and file URLs point. */
  baseUrl: string;
}) {
  const filesOf = async (historyId: string): Promise<PublicRunFile[]> => {
    const rows = await deps.db
      .select({
        id: historyFiles.id,
        name: historyFiles.name,
        mediaType: historyFiles.mediaType,
        bytes: sql<number>`octet_length(${historyFiles.content})`,
      })
      .from(historyFiles)
      .where(eq(historyFiles.historyId, historyId));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      media_type: row.mediaType,
      bytes: Number(row.bytes),
      url: `${deps.baseUrl}/v1/runs/${historyId}/files/${row.id}`,
    }));
  };

  const ownedRun = async (userId: string, historyId: string): Promise<HistoryRow | undefined> => {
    const [row] = await deps.db
      .select()
      .from(historyItems)
      .where(and(eq(historyItems.id, historyId), eq(historyItems.userId, userId)))
      .limit(1);
    return row;
  };

  return {
    ownedRun,
    filesOf,

    /** The job as the API shows it; with `withResult`, a succeeded job carries its stored result and files. */
    async job(userId: string, snapshot: JobSnapshot, withResult = true): Promise<PublicJob> {
      const run = withResult && snapshot.history_id ? await ownedRun(userId, snapshot.history_id) : undefined;
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
        files: run ? await filesOf(run.id) : [],
        error: snapshot.error,
      };
    },

    /** A stored run of a tool the registry has; undefined for other users' and unknown ids alike. */
    async run(userId: string, historyId: string): Promise<PublicRun | undefined> {
      const row = await ownedRun(userId, historyId);
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
        files: await filesOf(row.id),
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
