import { errorCodes, reportPdfFileName } from '@candor/contracts';
import { type JobSnapshot, type ToolId, toolIdSchema } from '@candor/contracts/tools';
import type { Database } from '@candor/db';
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { AuthLimiter, AuthRateLimitRules } from '../../http/rate-limit.js';
import { type EventStream, endStreamsOnClose, openEventStream } from '../../http/sse.js';
import { createHistoryRepository } from '../detector/history.repository.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ToolRuns } from './tool-runs.service.js';

const MB = 1024 * 1024;

const jobMissing = () => notFound('This job does not exist or has expired');

/**
 * Reading an upload is free but takes an engine thread the tool runs share (a PDF may take seconds), so extractions
 * are limited like the redactor's analyses: 20 a minute per user and 60 a minute per IP address, then 429
 * `rate_limited` with Retry-After.
 */
export const extractRateLimits: AuthRateLimitRules = {
  perIp: { points: 60, durationSeconds: 60 },
  perAccount: { points: 20, durationSeconds: 60 },
};

/** Streams a job's snapshots as Server-Sent Events until it finishes or the client goes away. */
async function streamJob(
  reply: FastifyReply,
  queue: JobQueue,
  userId: string,
  jobId: string,
  track: (stream: EventStream) => EventStream,
) {
  if (!isUuid(jobId) || !(await queue.get(userId, jobId))) throw jobMissing();
  const stream = track(openEventStream(reply));
  let unsubscribe: (() => void) | undefined;
  stream.signal.addEventListener('abort', () => unsubscribe?.());
  unsubscribe = await queue.subscribe(userId, jobId, (snapshot: JobSnapshot) => {
    stream.send('snapshot', snapshot);
    if (snapshot.finished_at !== null) stream.end();
  });
  if (!unsubscribe || stream.signal.aborted) {
    unsubscribe?.();
    stream.end();
  }
}

export async function toolRunsRoutes(
  app: FastifyInstance,
  opts: { runs: ToolRuns; queue: JobQueue; db: Database; extractLimiter: AuthLimiter },
) {
  const { runs, queue } = opts;
  const history = createHistoryRepository(opts.db);
  const largestUpload = Math.max(...[...toolIdSchema.options].map((id) => runs.toolFor(id).limits.maxFileBytes));
  await app.register(fastifyMultipart, {
    limits: { fileSize: largestUpload, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });
  app.addHook('preHandler', app.requireUser);
  const trackStream = endStreamsOnClose(app);

  // Any text a tool takes fits its request, in any script and however escaped: at most 6 bytes a UTF-16 unit
  // (\uXXXX) and the rest of the body. A longer text is refused by the tool's own character limit, which says so
  // in the numbers the screen shows, rather than as a body too large.
  const largestText = Math.max(...[...toolIdSchema.options].map((id) => runs.toolFor(id).limits.maxCharacters));
  const jobBodyLimit = Math.max(app.initialConfig.bodyLimit ?? 0, largestText * 6 + MB);

  app.post<{ Params: { tool: string } }>(
    '/v1/tools/:tool/jobs',
    { bodyLimit: jobBodyLimit },
    async (request, reply) => {
      const snapshot = await runs.start(queue, currentUser(request).id, request.params.tool, request.body);
      return reply.code(202).send(snapshot);
    },
  );

  app.post<{ Params: { tool: string } }>('/v1/tools/:tool/extract', async (request) => {
    const tool = runs.toolFor(request.params.tool);
    const maxBytes = tool.limits.maxFileBytes;
    const tooLarge = () =>
      new AppError(
        errorCodes.payloadTooLarge,
        413,
        `The file is larger than ${Math.round(maxBytes / MB)} MB, the most ${tool.id} reads. Upload a smaller file or paste the text.`,
      );
    if (!request.isMultipart()) {
      throw new AppError(errorCodes.unsupportedMediaType, 415, 'Send the file as multipart/form-data');
    }
    await opts.extractLimiter.consume(request, currentUser(request).id);
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part) throw new AppError(errorCodes.badRequest, 400, 'Choose a file to upload');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      throw error;
    }
    const fileName = part.filename.trim() || 'upload';
    const outcome = await runs.extract(tool.id, { bytes: new Uint8Array(bytes), fileName });
    if (!outcome.ok) throw new AppError(outcome.code, outcome.status, outcome.message);
    return {
      text: outcome.text,
      file_name: fileName,
      format: outcome.format,
      pages: outcome.pages,
      characters: outcome.text.length,
    };
  });

  app.get<{ Querystring: { tool?: string } }>('/v1/jobs/', async (request) => {
    const tool = toolIdSchema.safeParse(request.query.tool);
    return { items: await queue.list(currentUser(request).id, tool.success ? (tool.data as ToolId) : undefined) };
  });

  app.get<{ Params: { id: string } }>('/v1/jobs/:id', async (request) => {
    const snapshot = isUuid(request.params.id)
      ? await queue.get(currentUser(request).id, request.params.id)
      : undefined;
    if (!snapshot) throw jobMissing();
    return snapshot;
  });

  app.get<{ Params: { id: string } }>('/v1/jobs/:id/events', (request, reply) =>
    streamJob(reply, queue, currentUser(request).id, request.params.id, trackStream),
  );

  app.post<{ Params: { id: string } }>('/v1/jobs/:id/cancel', async (request) => {
    const snapshot = isUuid(request.params.id)
      ? await queue.cancel(currentUser(request).id, request.params.id)
      : undefined;
    if (!snapshot) throw jobMissing();
    return snapshot;
  });

  app.get<{ Params: { tool: string; file: string } }>('/v1/tools/:tool/reports/:file', async (request, reply) => {
    const tool = runs.toolFor(request.params.tool);
    const historyId = request.params.file.replace(/\.pdf$/, '');
    const row = isUuid(historyId) ? await history.findOwned(currentUser(request).id, historyId) : undefined;
    if (!row || row.modelName !== tool.modelName || !tool.exportPdf) throw notFound('This report does not exist');
    const pdf = await tool.exportPdf({
      title: row.title,
      createdAt: row.createdAt,
      cost: row.cost,
      input: row.input,
      result: row.result,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(reportPdfFileName(row.title, tool.id)))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
