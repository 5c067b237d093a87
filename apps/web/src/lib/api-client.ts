import { authCookies, csrfHeader, errorBodySchema, type FieldErrors, fieldErrorsSchema } from '@candor/contracts';
import ky, {
  type AfterResponseHook,
  type BeforeErrorHook,
  type BeforeRequestHook,
  HTTPError,
  type KyInstance,
  type ResponsePromise,
  type RetryOptions,
  TimeoutError,
} from 'ky';
import type { ZodType } from 'zod';
import { readCookie as readDocumentCookie } from './cookies';
import { env } from './env';

/** Spec §7/§9: every call may take up to 5 minutes (long tool runs). */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
/** Spec §7: statuses worth another attempt. */
export const RETRY_STATUS_CODES = [408, 413, 429, 500, 502, 503, 504];
/** A Retry-After longer than this is not waited for inside a request: the error reaches the screen instead. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Spec §9: at most 2 retries of idempotent methods, 0.3 s doubled on each retry, Retry-After honoured. */
export const retryOptions: RetryOptions = {
  limit: 2,
  methods: ['get', 'put', 'head', 'delete'],
  statusCodes: RETRY_STATUS_CODES,
  afterStatusCodes: RETRY_STATUS_CODES,
  delay: (attempt) => 300 * 2 ** (attempt - 1),
  shouldRetry: ({ error }) => {
    if (!(error instanceof HTTPError)) return undefined;
    const after = retryAfterMs(error.response.headers.get('Retry-After'));
    if (after !== undefined && after > MAX_RETRY_AFTER_MS) return false;
    // ky never retries a 413 without Retry-After; the spec lists 413 among the retried statuses.
    if (error.response.status === 413 && after === undefined) return true;
    return undefined;
  },
};

/** Auth endpoints that answer 401 as a result, not because the session expired: never refresh on them. */
const SESSION_EXEMPT_PATHS = [
  'users/signin',
  'users/signup',
  'users/verify-account',
  'users/resend-otp',
  'users/refresh',
  'users/logout',
  'users/forgot-password',
  'users/reset-password',
  'users/oidc',
];
const REFRESH_PATH = 'users/refresh';

const pathEndsWith = (url: string, path: string) => {
  const { pathname } = new URL(url);
  return pathname.replace(/\/+$/, '').endsWith(`/${path}`);
};

export function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

interface ApiErrorInit {
  code: string;
  message: string;
  details?: unknown;
}

/** The server's `{ error: { code, message, details? } }` as a typed error; thrown by every client call. */
export class ApiError extends HTTPError {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Seconds from the Retry-After header (rate limits, OTP cool-down), when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(source: HTTPError, init: ApiErrorInit) {
    super(source.response, source.request, source.options);
    this.name = 'ApiError';
    this.message = init.message;
    this.status = source.response.status;
    this.code = init.code;
    this.details = init.details;
    const after = retryAfterMs(source.response.headers.get('Retry-After'));
    this.retryAfter = after === undefined ? undefined : Math.ceil(after / 1000);
  }

  /** Field-level problems of a validation error (`details: [{ path, message }]`), or an empty list. */
  get fieldErrors(): FieldErrors {
    const parsed = fieldErrorsSchema.safeParse(this.details);
    return parsed.success ? parsed.data : [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A message fit for a toast or an alert, whatever was thrown. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TimeoutError) return 'The server took too long to answer. Please try again.';
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

async function parseErrorBody(error: HTTPError): Promise<ApiErrorInit> {
  const { response } = error;
  const fallback = {
    code: `http_${response.status}`,
    message: response.statusText
      ? `${response.statusText} (${response.status})`
      : `Request failed (${response.status})`,
  };
  try {
    const parsed = errorBodySchema.safeParse(await response.clone().json());
    return parsed.success ? parsed.data.error : fallback;
  } catch {
    return fallback;
  }
}

export type ServiceName = 'auth' | 'payment' | 'detector' | 'governance' | 'api';

export interface ApiClientConfig {
  bases: Record<ServiceName, string>;
  /** Replaces `fetch` (tests pass a function-level fake). */
  fetch?: typeof globalThis.fetch;
  readCookie?: (name: string) => string | undefined;
  /** Called when a refresh is refused: the session is over. */
  onSessionExpired?: () => void;
  /** Runs a task while holding a lock shared by every tab of the origin (Web Locks); tests pass their own. */
  runExclusive?: RunExclusive;
}

export type RunExclusive = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const webLocks: RunExclusive = (name, task) =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, task) : task();

const REFRESH_LOCK = 'candor:session-refresh';

export type ApiClients = Record<ServiceName, KyInstance> & {
  /** POST users/refresh, shared by every concurrent caller (single flight). Resolves true on 200. */
  refreshSession: () => Promise<boolean>;
  onSessionExpired: (handler: () => void) => void;
};

const SESSION_REFRESHED = 'candorSessionRefreshed';

export function createApiClients(config: ApiClientConfig): ApiClients {
  const readCookie = config.readCookie ?? ((name: string) => readDocumentCookie(name));
  let sessionExpired = config.onSessionExpired ?? (() => {});
  const runExclusive = config.runExclusive ?? webLocks;
  let refreshing: Promise<boolean> | null = null;

  const addCsrfHeader: BeforeRequestHook = (request) => {
    // Double-submit CSRF: the refresh call proves possession of the refresh cookie, every other call the access one.
    const cookie = pathEndsWith(request.url, REFRESH_PATH) ? authCookies.csrfRefresh : authCookies.csrfAccess;
    const token = readCookie(cookie);
    if (token) request.headers.set(csrfHeader, token);
    else request.headers.delete(csrfHeader);
  };

  const refreshOn401: AfterResponseHook = async (request, options, response, state) => {
    if (response.status !== 401) return;
    if (SESSION_EXEMPT_PATHS.some((path) => pathEndsWith(request.url, path))) return;
    // Once per call: a second 401 after a successful refresh is a real refusal.
    if (options.context[SESSION_REFRESHED]) return;
    // The forced retry counts against the retry limit; with none left the 401 is the answer.
    if (state.retryCount >= (options.retry.limit ?? 0)) return;
    options.context[SESSION_REFRESHED] = true;
    if (!(await refreshSession())) return;
    return ky.retry({ delay: 0, code: 'SESSION_REFRESHED' });
  };

  const toApiError: BeforeErrorHook = async (error) => new ApiError(error, await parseErrorBody(error));

  const base = ky.create({
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    retry: retryOptions,
    ...(config.fetch ? { fetch: config.fetch } : {}),
    hooks: { beforeRequest: [addCsrfHeader], afterResponse: [refreshOn401], beforeError: [toApiError] },
  });
  const clients = {
    auth: base.extend({ prefixUrl: config.bases.auth }),
    payment: base.extend({ prefixUrl: config.bases.payment }),
    detector: base.extend({ prefixUrl: config.bases.detector }),
    governance: base.extend({ prefixUrl: config.bases.governance }),
    api: base.extend({ prefixUrl: config.bases.api }),
  };

  function refreshSession(): Promise<boolean> {
    refreshing ??= (async () => {
      // No refresh CSRF cookie means no refresh token either (they are set and cleared together): nothing to renew.
      const seen = readCookie(authCookies.csrfRefresh);
      if (!seen) {
        sessionExpired();
        return false;
      }
      // Tabs share the cookies but not this single flight: two tabs presenting one refresh token would look like
      // token theft and end the session. So refreshes queue on a cross-tab lock, and a tab that finds the token
      // already rotated by another uses the new cookies instead of presenting the old token.
      return runExclusive(REFRESH_LOCK, async () => {
        const current = readCookie(authCookies.csrfRefresh);
        if (!current) {
          sessionExpired();
          return false;
        }
        if (current !== seen) return true;
        try {
          await clients.auth.post(REFRESH_PATH);
          return true;
        } catch (error) {
          // Only a refusal ends the session; a network failure leaves it to the next call.
          if (error instanceof HTTPError) sessionExpired();
          return false;
        }
      });
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    ...clients,
    refreshSession,
    onSessionExpired: (handler) => {
      sessionExpired = handler;
    },
  };
}

/** Reads a JSON body and validates it against its contract schema. */
export async function parseJson<T>(response: ResponsePromise, schema: ZodType<T>): Promise<T> {
  return schema.parse(await response.json());
}

/** The app's clients, one per service base (spec §7). */
export const api = createApiClients({
  bases: {
    auth: env.VITE_AUTH_URL,
    payment: env.VITE_PAYMENT_URL,
    detector: env.VITE_DETECTOR_URL,
    governance: env.VITE_GOVERNANCE_URL,
    api: env.VITE_API_URL,
  },
});
