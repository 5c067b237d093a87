import { errorCodes, type PublicJob, publicJobCreateSchema } from '@candor/contracts';
import type { JobSnapshot, ToolId } from '@candor/contracts/tools';
import { type Database, historyFiles } from '@candor/db';
import { create as contentDisposition } from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, parseWith } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { readBalance } from '../detector/ledger.js';
import type { ToolRuntime } from '../tools/index.js';
import type { RunOrigin } from '../tools/jobs/job-queue.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ApiKeysService, KeyPrincipal } from './api-keys.service.js';
import type { Idempotency } from './idempotency.js';
import { requestHashOf } from './idempotency.js';
import { type KeyRateLimiter, rateLimitHeaders } from './key-rate-limit.js';
import type { PublicJobs } from './public-jobs.js';
import type { Webhooks } from './webhooks.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a public API request was made with. */
    apiKey: KeyPrincipal | null;
    /** The Idempotency-Key this request answers first, if it carries one. */
    idempotencyKey: string | null;
  }
}

const MB = 1024 * 1024;
// Every run ends within its time limit; a watch outlasting a day is one whose end was lost (an instance died).
const WATCH_MS = 24 * 3_600_000;

export interface PublicRoutesOptions {
  db: Database;
  runtime: ToolRuntime;
  keys: ApiKeysService;
  limiter: KeyRateLimiter;
  idempotency: Idempotency;
  jobs: PublicJobs;
  webhooks: Webhooks;
  /** How long `POST /v1/{tool}` waits for the result before answering 202 with the job. */
  syncTimeoutSeconds: number;
  /** Browser origins allowed to call the API (CORS); none by default. */
  corsOrigins: readonly string[];
}

export const publicApiErrorCodes = {
  unknownTool: 'unknown_tool',
  jobFailed: 'job_failed',
  jobCancelled: 'job_cancelled',
} as const;

const unknownTool = (id: string, known: string[], status = 404) =>
  new AppError(
    publicApiErrorCodes.unknownTool,
    status,
    `There is no tool "${id}". The tools are: ${known.join(', ')}.`,
    status === 400 ? [{ path: 'tool', message: 'Unknown tool' }] : undefined,
  );

/** The key a request presents: `Authorization: Bearer <key>`, or `x-api-key` as GPTZero's clients send it. */
function presentedKey(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? authorization;
  }
  const header = request.headers['x-api-key'];
  return typeof header === 'string' ? header.trim() : undefined;
}

const principal = (request: FastifyRequest): KeyPrincipal => {
  if (!request.apiKey) throw new AppError(errorCodes.unauthenticated, 401, 'Send your API key');
  return request.apiKey;
};

/** The body limit of a tool's requests: its longest text, JSON-escaped, or what its definition says it needs. */
export const bodyLimitOf = (tool: ToolDefinition) => tool.maxBodyBytes ?? tool.limits.maxCharacters * 6 + MB;

/** A synchronous call's failed or cancelled run, as an error: nothing was charged. */
function runEndedError(snapshot: JobSnapshot): AppError {
  if (snapshot.status === 'cancelled') {
    return new AppError(publicApiErrorCodes.jobCancelled, 409, 'The job was cancelled. No tokens were charged.', {
      job_id: snapshot.job_id,
    });
  }
  const error = snapshot.error ?? { code: publicApiErrorCodes.jobFailed, message: 'The run failed.' };
  const status =
    error.code === errorCodes.internal
      ? 500
      : error.code === 'timed_out'
        ? 504
        : error.code === errorCodes.conflict
          ? 409
          : 422;
  return new AppError(error.code, status, error.message, { job_id: snapshot.job_id });
}

/**
 * The key-authenticated REST API (`/api/public/v1/…`): every tool of the registry as `POST /v1/{tool}` (waits for the
 * result) and as a job (`POST /v1/jobs`), both through the screens' pipeline. No cookie is read or set here.
 */
export async function publicRoutes(app: FastifyInstance, opts: PublicRoutesOptions) {
  const { runtime, jobs, idempotency } = opts;
  const tools = [...runtime.tools.values()];
  const toolIds = tools.map((tool) => tool.id);
  const corsOrigins = new Set(opts.corsOrigins);

  app.decorateRequest('apiKey', null);
  app.decorateRequest('idempotencyKey', null);
  // The key is the only credential here: no CSRF token, and no cookie handed out.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), csrf: false, cookies: false };
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      reply.headers({
        'access-control-allow-origin': origin,
        vary: 'Origin',
        'access-control-expose-headers':
          'x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, idempotent-replayed',
      });
    }
    if (request.method === 'OPTIONS') return;
    const key = await opts.keys.authenticate(presentedKey(request));
    request.apiKey = key;
    reply.headers(rateLimitHeaders(await opts.limiter.consume(key.keyId, key.requestsPerMinute)));
  });

  // A preflight names what a browser may send; without a configured origin it gets no CORS header and stops there.
  app.options('/*', async (request, reply) => {
    if (request.headers.origin && corsOrigins.has(request.headers.origin)) {
      reply.headers({
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'authorization, x-api-key, content-type, idempotency-key',
        'access-control-max-age': '600',
      });
    }
    return reply.code(204).send();
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const key = idempotency.parseKey(request.headers['idempotency-key']);
    if (!key) return;
    const { userId } = principal(request);
    const outcome = await idempotency.begin(
      userId,
      key,
      requestHashOf(request.method, request.url.split('?')[0] ?? '', request.body),
      request.id,
    );
    if (outcome.kind === 'replay') {
      return reply
        .code(outcome.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .header('original-request', outcome.requestId)
        .send(outcome.body);
    }
    request.idempotencyKey = key;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.apiKey || reply.getHeader('idempotent-replayed')) return payload;
    const status = reply.statusCode;
    // An answer the client should retry (a rate limit, our failure) is not kept: the retry runs.
    if (status === 429 || status >= 500) await idempotency.abandon(request.apiKey.userId, key);
    else await idempotency.complete(request.apiKey.userId, key, status, typeof payload === 'string' ? payload : '');
    return payload;
  });

  const originOf = (key: KeyPrincipal, awaited: boolean): RunOrigin => ({
    kind: 'api',
    apiKeyId: key.keyId,
    apiKeyName: key.keyName,
    ...(awaited ? { awaited } : {}),
  });

  /** Starts a run through the pipeline and tells the account's webhook endpoint when it ends. */
  async function start(key: KeyPrincipal, tool: ToolId, input: unknown, awaited: boolean): Promise<JobSnapshot> {
    const snapshot = await runtime.runs.start(runtime.queue, key.userId, tool, input, originOf(key, awaited));
    void jobs
      .waitForEnd(key.userId, snapshot.job_id, WATCH_MS, snapshot)
      .then(async (final) => {
        // Most accounts have no endpoint: they cost one query here, not the job's result read back too.
        if (final.finished_at === null || !(await opts.webhooks.hasEndpoint(key.userId))) return;
        const object = await jobs.job(key.userId, final);
        await opts.webhooks.enqueue(
          key.userId,
          {
            id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
            object: 'event',
            type: `job.${final.status}` as 'job.succeeded' | 'job.failed' | 'job.cancelled',
            created: Math.floor(Date.now() / 1000),
            data: { object },
          },
          final.job_id,
        );
      })
      .catch((err) => app.log.warn({ err, job: snapshot.job_id }, 'recording the webhook of a job failed'));
    return snapshot;
  }

  for (const tool of tools) {
    app.post(`/v1/${tool.id}`, { bodyLimit: bodyLimitOf(tool) }, async (request, reply): Promise<PublicJob> => {
      const key = principal(request);
      const started = await start(key, tool.id, request.body, true);
      const final = await jobs.waitForEnd(key.userId, started.job_id, opts.syncTimeoutSeconds * 1_000, started);
      if (final.finished_at === null) {
        reply.code(202).header('location', `/api/public/v1/jobs/${final.job_id}`);
        return jobs.job(key.userId, final, false);
      }
      if (final.status !== 'succeeded') throw runEndedError(final);
      const stored = final.history_id ? runtime.runs.takeResult(final.history_id) : undefined;
      return jobs.job(key.userId, final, true, stored);
    });
  }

  app.post('/v1/:tool', async (request) => {
    throw unknownTool((request.params as { tool: string }).tool, toolIds);
  });

  app.post(
    '/v1/jobs',
    { bodyLimit: Math.max(...tools.map(bodyLimitOf)) },
    async (request, reply): Promise<PublicJob> => {
      const key = principal(request);
      const body = parseWith(publicJobCreateSchema, request.body);
      if (!runtime.tools.has(body.tool as ToolId)) throw unknownTool(body.tool, toolIds, 400);
      const started = await start(key, body.tool as ToolId, body.input, false);
      reply.code(202).header('location', `/api/public/v1/jobs/${started.job_id}`);
      return jobs.job(key.userId, started, false);
    },
  );

  app.get('/v1/jobs', async (request) => {
    const key = principal(request);
    const snapshots = await runtime.queue.list(key.userId);
    return { object: 'list', data: await Promise.all(snapshots.map((s) => jobs.job(key.userId, s, false))) };
  });

  const jobMissing = () => notFound('This job does not exist or has expired; its result stays at /v1/runs/{run_id}');

  app.get<{ Params: { id: string } }>('/v1/jobs/:id', async (request): Promise<PublicJob> => {
    const key = principal(request);
    const snapshot = isUuid(request.params.id) ? await runtime.queue.get(key.userId, request.params.id) : undefined;
    if (!snapshot) throw jobMissing();
    return jobs.job(key.userId, snapshot);
  });

  app.post<{ Params: { id: string } }>('/v1/jobs/:id/cancel', async (request): Promise<PublicJob> => {
    const key = principal(request);
    const snapshot = isUuid(request.params.id) ? await runtime.queue.cancel(key.userId, request.params.id) : undefined;
    if (!snapshot) throw jobMissing();
    return jobs.job(key.userId, snapshot);
  });

  const runMissing = () => notFound('This run does not exist');

  app.get<{ Params: { id: string } }>('/v1/runs/:id', async (request) => {
    const key = principal(request);
    const run = isUuid(request.params.id) ? await jobs.run(key.userId, request.params.id) : undefined;
    if (!run) throw runMissing();
    return run;
  });

  app.get<{ Params: { id: string; file: string } }>(
    '/v1/runs/:id/files/:file',
    async (request, reply: FastifyReply) => {
      const key = principal(request);
      const { id, file } = request.params;
      const run = isUuid(id) && isUuid(file) ? await jobs.ownedRun(key.userId, id) : undefined;
      const [row] = run
        ? await opts.db
            .select()
            .from(historyFiles)
            .where(and(eq(historyFiles.id, file), eq(historyFiles.historyId, run.id)))
            .limit(1)
        : [];
      if (!row) throw notFound('This file does not exist');
      return reply
        .header('content-type', row.mediaType)
        .header('content-disposition', contentDisposition(row.name))
        .send(row.content);
    },
  );

  app.get('/v1/tools', async () => ({
    object: 'list',
    data: tools.map((tool) => ({
      id: tool.id,
      object: 'tool',
      model_name: tool.modelName,
      path: `/v1/${tool.id}`,
      limits: { max_characters: tool.limits.maxCharacters, max_body_bytes: bodyLimitOf(tool) },
    })),
  }));

  app.get('/v1/balance', async (request) => {
    const balance = await readBalance(opts.db, principal(request).userId);
    const unlimited = balance.plan === -1;
    return {
      object: 'balance',
      token_balance: balance.token,
      plan_balance: balance.plan,
      referral_token_balance: balance.referral,
      total: unlimited ? -1 : balance.plan + balance.referral + balance.token,
    };
  });
}
