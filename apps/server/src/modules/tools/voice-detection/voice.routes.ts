import { errorCodes } from '@candor/contracts';
import { VOICE_LIMITS, voiceUploadQuerySchema } from '@candor/contracts/tools';
import { type Database, historyFiles } from '@candor/db';
import { create as contentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../http/auth.js';
import { AppError, notFound, parseWith } from '../../../http/errors.js';
import { isUuid } from '../../../http/ids.js';
import type { AuthLimiter, AuthRateLimitRules } from '../../../http/rate-limit.js';
import { createHistoryRepository } from '../../detector/history.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ToolRuns } from '../tool-runs.service.js';

const MB = 1024 * 1024;
const LIMIT = VOICE_LIMITS.maxFileBytes;
const tooLarge = () =>
  new AppError(
    errorCodes.payloadTooLarge,
    413,
    `The recording is larger than ${LIMIT / MB} MB, the most one voice check reads. Cut it or compress it (MP3, M4A).`,
  );

/**
 * A recording is decoded before its run is reserved (to count its seconds), which takes an engine thread, so uploads
 * are limited like extractions: 20 a minute per user and 60 per IP address.
 */
export const voiceUploadRateLimits: AuthRateLimitRules = {
  perIp: { points: 60, durationSeconds: 60 },
  perAccount: { points: 20, durationSeconds: 60 },
};

export interface VoiceRoutesOptions {
  db: Database;
  runs: ToolRuns;
  queue: JobQueue;
  uploadLimiter: AuthLimiter;
}

/**
 * Deepfake Voice Detection's own routes: the screens' upload, which takes the recording's bytes as they are (no base64
 * and no multipart) under its own body limit, and the kept recording of a run.
 */
export async function voiceRoutes(app: FastifyInstance, opts: VoiceRoutesOptions) {
  const history = createHistoryRepository(opts.db);
  // This plugin's own parser: the rest of the server keeps its body limit and never takes raw audio.
  app.addContentTypeParser(
    /^(application\/octet-stream|audio\/[\w.+-]+|video\/webm)\s*(;|$)/,
    { parseAs: 'buffer', bodyLimit: LIMIT },
    (_request, body, done) => done(null, body),
  );

  // Refused from its Content-Length, before a byte of the body is read; a chunked body is cut off at the limit.
  const refuseLargeBody = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > LIMIT) throw tooLarge();
  };

  app.post(
    '/v1/tools/voice-detection/upload',
    {
      bodyLimit: LIMIT,
      onRequest: [refuseLargeBody, app.requireUser],
      errorHandler: (error) => {
        throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseWith(voiceUploadQuerySchema, request.query);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(
          errorCodes.unsupportedMediaType,
          415,
          "Send the recording's bytes as the body, with an audio/* or application/octet-stream content type",
        );
      }
      if (request.body.length === 0) throw new AppError(errorCodes.badRequest, 400, 'Choose a recording to check');
      await opts.uploadLimiter.consume(request, user.id);
      const snapshot = await opts.runs.start(opts.queue, user.id, 'voice-detection', {
        audio: request.body.toString('base64'),
        file_name: query.file_name,
        keep_audio: query.keep_audio,
      });
      return reply.code(202).send(snapshot);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/tools/voice-detection/:id/audio',
    { onRequest: app.requireUser },
    async (request, reply) => {
      const { id } = request.params;
      const item = isUuid(id) ? await history.findOwned(currentUser(request).id, id) : undefined;
      if (item?.modelName !== 'VEXON') throw notFound('This recording does not exist');
      const [file] = await opts.db.select().from(historyFiles).where(eq(historyFiles.historyId, item.id));
      if (!file) throw notFound('This recording was not kept');
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
