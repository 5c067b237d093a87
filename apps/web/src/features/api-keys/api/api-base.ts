import { env } from '@/lib/env';

/** The API's absolute base as this page reaches it (`https://host/api/public`), for examples and requests. */
export function apiBaseUrl(origin = window.location.origin): string {
  return new URL(env.VITE_API_URL, origin).href.replace(/\/+$/, '');
}

/** What "Try it" shows of an answer. */
export interface TryResponse {
  status: number;
  ms: number;
  requestId: string | null;
  rateLimit: { limit: string | null; remaining: string | null };
  body: unknown;
}

/**
 * Sends one request to the key-authenticated API the way an integration does: the key in the Authorization header and
 * no cookie (credentials omitted), so the page proves the key alone works. Not the app's client: that one adds the
 * session and CSRF headers this surface ignores.
 */
export async function sendWithKey(path: string, key: string, body: unknown): Promise<TryResponse> {
  const started = performance.now();
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { authorization: `Bearer ${key.trim()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A body that isn't JSON is shown as it came.
  }
  return {
    status: response.status,
    ms: Math.round(performance.now() - started),
    requestId: response.headers.get('x-request-id'),
    rateLimit: {
      limit: response.headers.get('x-ratelimit-limit'),
      remaining: response.headers.get('x-ratelimit-remaining'),
    },
    body: parsed,
  };
}
