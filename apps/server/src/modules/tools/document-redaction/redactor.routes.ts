import { errorCodes } from '@candor/contracts';
import {
  type DocumentAnalysis,
  type DocumentPreviews,
  documentPreviewsQuerySchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { type Database, historyFiles } from '@candor/db';
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../http/auth.js';
import { AppError, notFound, parseWith } from '../../../http/errors.js';
import { isUuid } from '../../../http/ids.js';
import type { AuthLimiter, AuthRateLimitRules } from '../../../http/rate-limit.js';
import { createHistoryRepository } from '../../detector/history.repository.js';
import type { DocumentAnalysisInput } from '../document-analysis/engine.js';
import type { EnginePool } from '../engines/engine-pool.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ToolRuns } from '../tool-runs.service.js';

const LIMITS = TOOL_LIMITS['document-redaction'];
const DOCUMENT_LIMITS = {
  maxBytes: LIMITS.maxFileBytes,
  maxPages: LIMITS.maxPages,
  maxCharacters: LIMITS.maxCharacters,
};
const MB = 1024 * 1024;
// The job carries the file (base64, 4/3 of its size) and its text (JSON-escaped, up to 6 bytes a character).
const JOB_BODY_LIMIT = Math.ceil(LIMITS.maxFileBytes / 3) * 4 + LIMITS.maxCharacters * 6 + MB;

/**
 * Analysing a document is free (the redaction is charged) but takes seconds of an engine thread the tool runs share,
 * so analyses are limited: 20 a minute per user and 60 a minute per IP address. Past them: 429 `rate_limited` with
 * Retry-After; the screen keeps the file and says to wait. A previews call (at most 10 pages, half an analysis'
 * rendering) counts against the same budget: a 50-page document takes an analysis and three previews calls.
 */
export const analyseRateLimits: AuthRateLimitRules = {
  perIp: { points: 60, durationSeconds: 60 },
  perAccount: { points: 20, durationSeconds: 60 },
};

export interface RedactorRoutesOptions {
  db: Database;
  pool: EnginePool;
  runs: ToolRuns;
  queue: JobQueue;
  analyser: string;
  analyseTimeoutSeconds: number;
  analyseLimiter: AuthLimiter;
}

const assertMultipart = (request: FastifyRequest) => {
  if (!request.isMultipart()) {
    throw new AppError(errorCodes.unsupportedMediaType, 415, 'Send the file as multipart/form-data');
  }
};

/** The Document Redactor's own routes: analysing an upload and previewing its pages, its large job body, and the redacted file. */
export async function redactorRoutes(app: FastifyInstance, opts: RedactorRoutesOptions) {
  const history = createHistoryRepository(opts.db);
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.maxFileBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });
  app.addHook('preHandler', app.requireUser);

  /** The uploaded file of an analyse or previews call (multipart, field `file`), within the redactor's size limit. */
  async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Uint8Array }> {
    const part = await request.file();
    if (!part) throw new AppError(errorCodes.badRequest, 400, 'Choose a file to redact');
    try {
      return { fileName: part.filename.trim() || 'document', bytes: new Uint8Array(await part.toBuffer()) };
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new AppError(
          errorCodes.payloadTooLarge,
          413,
          `The file is larger than ${LIMITS.maxFileBytes / MB} MB, the most the Document Redactor reads.`,
        );
      }
      throw error;
    }
  }

  const readInWorker = <Output>(input: DocumentAnalysisInput) =>
    opts.pool.run<Output>(opts.analyser, input, {
      signal: AbortSignal.timeout(opts.analyseTimeoutSeconds * 1_000),
      onProgress: () => {},
    });

  app.post('/v1/tools/document-redaction/analyse', async (request): Promise<DocumentAnalysis> => {
    assertMultipart(request);
    await opts.analyseLimiter.consume(request, currentUser(request).id);
    const { fileName, bytes } = await readUpload(request);
    const analysis = await readInWorker<Omit<DocumentAnalysis, 'file_name'>>({
      task: 'analyse',
      fileName,
      bytes,
      limits: DOCUMENT_LIMITS,
    });
    return { file_name: fileName, ...analysis };
  });

  // The server keeps no upload, so the screen sends the file again for the pages past the analysis' previews.
  app.post('/v1/tools/document-redaction/previews', async (request): Promise<DocumentPreviews> => {
    assertMultipart(request);
    const pages = parseWith(documentPreviewsQuerySchema, request.query);
    await opts.analyseLimiter.consume(request, currentUser(request).id);
    const { fileName, bytes } = await readUpload(request);
    return readInWorker<DocumentPreviews>({ task: 'previews', fileName, bytes, limits: DOCUMENT_LIMITS, pages });
  });

  // The generic job route's body limit fits the longest text a tool takes; a document needs more.
  app.post('/v1/tools/document-redaction/jobs', { bodyLimit: JOB_BODY_LIMIT }, async (request, reply) => {
    const snapshot = await opts.runs.start(opts.queue, currentUser(request).id, 'document-redaction', request.body);
    return reply.code(202).send(snapshot);
  });

  app.get<{ Params: { id: string } }>('/v1/tools/document-redaction/:id/file', async (request, reply) => {
    const { id } = request.params;
    const item = isUuid(id) ? await history.findOwned(currentUser(request).id, id) : undefined;
    if (item?.modelName !== 'PII_TEXT_DETECT') throw notFound('This redacted document does not exist');
    const [file] = await opts.db.select().from(historyFiles).where(eq(historyFiles.historyId, item.id));
    if (!file) throw notFound('This redacted document does not exist');
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', contentDisposition(file.name))
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
