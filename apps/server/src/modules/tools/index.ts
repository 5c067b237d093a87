import type { ToolId } from '@candor/contracts/tools';
import type { Database } from '@candor/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ToolsConfig } from '../../config/env.js';
import { type AuthRateLimitRules, createAuthLimiter, type RateLimitStore } from '../../http/rate-limit.js';
import { aiDetectionTool } from './ai-detection/definition.js';
import { closeLocalCurvatureScorers } from './ai-detection/local-model.js';
import { documentRedactionTool } from './document-redaction/definition.js';
import { analyseRateLimits, redactorRoutes } from './document-redaction/redactor.routes.js';
import { builtInEngine, createEnginePool } from './engines/engine-pool.js';
import { generationTools } from './generation/definitions.js';
import { generationRoutes, outlineRateLimits } from './generation/generation.routes.js';
import { closeGenerationModels } from './generation/models.js';
import { humanizedDetectionTool } from './humanized-detection/definition.js';
import { createInProcessJobQueue } from './jobs/in-process-queue.js';
import type { JobQueueOptions } from './jobs/job-queue.js';
import { createRedisJobQueue } from './jobs/redis-queue.js';
import { plagiarismTool } from './plagiarism/definition.js';
import { plagiarismRoutes } from './plagiarism/plagiarism.routes.js';
import { siteScanTool } from './site-scan/definition.js';
import type { ToolDefinition } from './tool-definition.js';
import { extractRateLimits, toolRunsRoutes } from './tool-runs.routes.js';
import { createToolRuns } from './tool-runs.service.js';
import { voiceDetectionTool } from './voice-detection/definition.js';
import { voiceRoutes, voiceUploadRateLimits } from './voice-detection/voice.routes.js';
import { writingAnalysisTool } from './writing-analysis/definition.js';

/** Every tool the pipeline runs; a new tool is one more definition here (docs/tool-runs.md). */
export const builtInTools: readonly ToolDefinition[] = [
  writingAnalysisTool,
  ...generationTools,
  aiDetectionTool,
  humanizedDetectionTool,
  plagiarismTool,
  documentRedactionTool,
  siteScanTool,
  voiceDetectionTool,
];

export interface ToolRuntimeOptions {
  db: Database;
  clock: () => Date;
  config: ToolsConfig;
  /** Replaces tools' engine modules (tests inject a crashing or a slow engine). */
  engineOverrides?: Partial<Record<ToolId, string>> | undefined;
  /** With Redis, runs queue there and any instance may take them (DESIGN.md principle 4); else in this process. */
  jobQueueRedis?: { url: string; keyPrefix: string } | undefined;
  log: FastifyBaseLogger;
}

// Finished jobs stay visible this long, so a screen reloaded just after the end still sees the outcome.
const RETAIN_FINISHED_SECONDS = 15 * 60;
const MAX_ACTIVE_JOBS = 1_000;
const EXTRACT_TIMEOUT_SECONDS = 60;

/**
 * The engine pool, the pipeline and the job queue: one per process, shared by the services that start runs (the
 * screens' detector routes and the public API), so both go through the same limits, queue and worker threads.
 */
export function createToolRuntime(opts: ToolRuntimeOptions) {
  const { config } = opts;
  const tools = new Map(
    builtInTools.map((tool) => [tool.id, { ...tool, engine: opts.engineOverrides?.[tool.id] ?? tool.engine }]),
  );
  // A reservation outlives the longest run, so only a crashed process leaves one behind; it is renewed as its run
  // starts, and a job still waiting when it lapses does not start.
  const holdSeconds = config.jobTimeoutSeconds * 2;
  const pool = createEnginePool({
    threads: config.engineThreads,
    maxHeapMb: config.engineMaxHeapMb,
    idleSeconds: 60,
    onFileReaderFailure: (err, module) => opts.log.warn({ err, module }, 'an uploaded file stopped its reader'),
  });
  const runs = createToolRuns({
    db: opts.db,
    tools,
    config,
    pool,
    clock: opts.clock,
    holdSeconds,
    extractor: builtInEngine('extract'),
    extractTimeoutSeconds: EXTRACT_TIMEOUT_SECONDS,
  });
  const queueOptions: JobQueueOptions = {
    process: runs.process,
    discard: runs.discard,
    concurrency: pool.threads,
    timeoutSeconds: config.jobTimeoutSeconds,
    retainSeconds: RETAIN_FINISHED_SECONDS,
    maxActivePerUser: config.jobsPerUser,
    maxActive: MAX_ACTIVE_JOBS,
    clock: opts.clock,
    onUnexpectedError: (err, job) => opts.log.error({ err, tool: job.tool, userId: job.userId }, 'a tool run failed'),
  };
  const redis = opts.jobQueueRedis;
  const queue = redis
    ? createRedisJobQueue({
        ...queueOptions,
        redisUrl: redis.url,
        keyPrefix: redis.keyPrefix,
        reservationSeconds: holdSeconds,
        onConnectionError: (err) => opts.log.warn({ err }, 'the job queue cannot reach Redis'),
      })
    : createInProcessJobQueue(queueOptions);
  let stopping: Promise<void> | undefined;
  /** Takes no more runs and ends the ones in progress (cancelled, holds released), once. */
  const stopRuns = () => {
    stopping ??= queue.close();
    return stopping;
  };
  return {
    tools,
    pool,
    runs,
    queue,
    stopRuns,
    async close() {
      await stopRuns();
      await pool.close();
      await closeLocalCurvatureScorers();
      await closeGenerationModels();
    },
  };
}
export type ToolRuntime = ReturnType<typeof createToolRuntime>;

export interface ToolsModuleOptions {
  db: Database;
  config: ToolsConfig;
  runtime: ToolRuntime;
  /** Where rate-limit counters live (Redis when configured). */
  rateLimitStore?: RateLimitStore | undefined;
  /** Replaces the upload limits of extraction, analysis and voice uploads (tests). */
  uploadRateLimits?: AuthRateLimitRules | undefined;
}

/** Tool runs' routes for the screens, under the detector service. */
export async function toolsModule(app: FastifyInstance, opts: ToolsModuleOptions) {
  const { config } = opts;
  const { runs, queue, pool } = opts.runtime;
  await app.register(toolRunsRoutes, {
    runs,
    queue,
    db: opts.db,
    extractLimiter: createAuthLimiter(
      'extract',
      opts.uploadRateLimits ?? extractRateLimits,
      opts.rateLimitStore ?? { keyPrefix: 'candor:rl' },
    ),
  });
  await app.register(plagiarismRoutes, { db: opts.db, config });
  await app.register(generationRoutes, {
    config,
    outlineLimiter: createAuthLimiter('outline', outlineRateLimits, opts.rateLimitStore ?? { keyPrefix: 'candor:rl' }),
  });
  await app.register(redactorRoutes, {
    db: opts.db,
    pool,
    runs,
    queue,
    analyser: builtInEngine('document-analysis'),
    analyseTimeoutSeconds: config.jobTimeoutSeconds,
    analyseLimiter: createAuthLimiter(
      'documentAnalysis',
      opts.uploadRateLimits ?? analyseRateLimits,
      opts.rateLimitStore ?? { keyPrefix: 'candor:rl' },
    ),
  });
  await app.register(voiceRoutes, {
    db: opts.db,
    runs,
    queue,
    uploadLimiter: createAuthLimiter(
      'voiceUpload',
      opts.uploadRateLimits ?? voiceUploadRateLimits,
      opts.rateLimitStore ?? { keyPrefix: 'candor:rl' },
    ),
  });
}
