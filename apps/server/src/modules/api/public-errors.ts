import { errorCodes, type PublicApiError, type publicApiErrorTypes } from '@candor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, describeError } from '../../http/errors.js';

type ErrorType = (typeof publicApiErrorTypes)[number];

/** Stripe's error type for our status and code. */
export function errorTypeOf(status: number, code: string): ErrorType {
  if (code.startsWith('idempotency_')) return 'idempotency_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 402) return 'quota_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** The field a validation error names first, as a dotted path (`sources.urls.0`). */
function paramOf(code: string, details: unknown): string | null {
  if (code !== errorCodes.validation || !Array.isArray(details)) return null;
  const first = details[0] as { path?: unknown } | undefined;
  return typeof first?.path === 'string' && first.path !== '' ? first.path : null;
}

export function publicErrorBody(
  requestId: string,
  error: { status: number; code: string; message: string; details?: unknown; param?: string | null },
): PublicApiError {
  return {
    error: {
      type: errorTypeOf(error.status, error.code),
      code: error.code,
      message: error.message,
      param: error.param ?? paramOf(error.code, error.details),
      ...(error.details === undefined ? {} : { details: error.details }),
      request_id: requestId,
    },
  };
}

export function sendPublicError(request: FastifyRequest, reply: FastifyReply, thrown: Error) {
  const described = describeError(thrown, request);
  // A body that isn't JSON says so in the API's words; the screens' message speaks of forms.
  const message =
    described.code === errorCodes.unsupportedMediaType && !(thrown instanceof AppError)
      ? 'Send the body as JSON with "Content-Type: application/json".'
      : described.message;
  return reply
    .code(described.status)
    .headers(described.headers)
    .send(publicErrorBody(request.id, { ...described, message }));
}

/** Every failure of the key-authenticated API leaves as `{ error: { type, code, message, param, request_id } }`. */
export function registerPublicErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: Error, request, reply) => sendPublicError(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(
      publicErrorBody(request.id, {
        status: 404,
        code: errorCodes.notFound,
        message: `There is no ${request.method} ${request.url.split('?')[0]} in the API. The reference is at /api/public/openapi.json.`,
      }),
    ),
  );
}
