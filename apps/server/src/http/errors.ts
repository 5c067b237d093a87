import { type ErrorBody, errorCodes, type FieldErrors } from '@candor/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** A failure a client should see: its code, status and message go out as they are. */
export class AppError extends Error {
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.headers = headers;
  }
}

export const notFound = (message = 'Not found') => new AppError(errorCodes.notFound, 404, message);

export const unauthenticated = (message = 'Sign in to continue') =>
  new AppError(errorCodes.unauthenticated, 401, message);

/** 429 with a Retry-After header in whole seconds (at least 1). */
export function tooManyRequests(code: string, message: string, retryAfterSeconds: number, details?: unknown) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(code, 429, message, details ?? { retry_after: seconds }, { 'retry-after': String(seconds) });
}

/** Parses `value` with a contract schema; failures become 400 `validation_failed` with the schema's messages. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details: FieldErrors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError(errorCodes.validation, 400, 'Some fields are invalid', details);
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: errorCodes.badRequest, message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: errorCodes.badRequest, message: 'The body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.badRequest,
    message: 'The body does not match its Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: 'The body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: 'Send the body as application/json',
  },
};

/** What any thrown error answers: its status, code, message, details and headers (5xx internals hidden). */
export function describeError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; code: string; message: string; details?: unknown; headers: Record<string, string> } {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
    };
  }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const known = code ? frameworkErrors[code] : undefined;
  if (known) return { ...known, headers: {} };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const mapped = status === 404 ? errorCodes.notFound : errorCodes.badRequest;
    return { status, code: mapped, message: status === 404 ? 'Not found' : 'The request is not valid', headers: {} };
  }
  request.log.error({ err: error }, 'unexpected error');
  return {
    status: 500,
    code: errorCodes.internal,
    message: 'Something went wrong on our side. Please try again in a moment.',
    headers: {},
  };
}

/** The one error handler: every failure leaves as `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, code, message, details, headers } = describeError(error, request);
    return reply
      .code(status)
      .headers(headers)
      .send(errorBody(code, message, details));
  });
}
