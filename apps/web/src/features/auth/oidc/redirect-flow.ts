import type { OidcConfig, OidcFlow } from '@candor/contracts';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import type { AuthSearch } from '../search';
import { pickAuthSearch } from '../search';

/** The one sign-in in progress in this tab, kept across the round trip to the provider. */
export interface PendingOidc {
  state: string;
  flow: OidcFlow;
  redirectUri: string;
  codeVerifier?: string;
  /** The /auth params (redirect, buyPlanId, code…) to act on after sign-in. */
  search: AuthSearch;
  startedAt: number;
}

const STORAGE_KEY = 'oidc-pending';
/** A round trip older than this is stale (the server's nonce lives 10 minutes too). */
const MAX_AGE_MS = 10 * 60_000;
export const SCOPES = 'openid profile email';
export const CALLBACK_PATH = '/auth/oidc-callback';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** RFC 7636 S256, or null where the browser has no Web Crypto (plain-http origins other than localhost). */
async function pkcePair(): Promise<{ verifier: string; challenge: string } | null> {
  if (!globalThis.crypto?.subtle) return null;
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** The provider's authorization URL for the configured flow; the pending sign-in is saved for the callback. */
export async function buildAuthorizationUrl(
  config: OidcConfig & { authorization_endpoint: string; client_id: string },
  start: { nonce: string; state: string },
  search: AuthSearch,
  origin = window.location.origin,
): Promise<string> {
  const redirectUri = `${origin}${CALLBACK_PATH}`;
  const params = new URLSearchParams({
    client_id: config.client_id,
    redirect_uri: redirectUri,
    scope: SCOPES,
    state: start.state,
    nonce: start.nonce,
    // The fragment keeps codes and tokens out of server logs, and out of /auth's own `code` parameter.
    response_mode: 'fragment',
    response_type: config.flow === 'implicit' ? 'id_token' : 'code',
  });
  const pending: PendingOidc = {
    state: start.state,
    flow: config.flow,
    redirectUri,
    search: pickAuthSearch(search),
    startedAt: Date.now(),
  };
  if (config.flow === 'code') {
    const pkce = await pkcePair();
    if (pkce) {
      params.set('code_challenge', pkce.challenge);
      params.set('code_challenge_method', 'S256');
      pending.codeVerifier = pkce.verifier;
    }
  }
  writeStorage('session', STORAGE_KEY, JSON.stringify(pending));
  const url = new URL(config.authorization_endpoint);
  for (const [key, value] of params) url.searchParams.set(key, value);
  return url.toString();
}

/** The pending sign-in whose state the provider echoed, taken out of storage (a state is used once). */
export function takePending(state: string | null, now = Date.now()): PendingOidc | null {
  const raw = readStorage('session', STORAGE_KEY);
  if (!raw || !state) return null;
  try {
    const pending = JSON.parse(raw) as PendingOidc;
    if (pending.state !== state) return null;
    removeStorage('session', STORAGE_KEY);
    return now - pending.startedAt <= MAX_AGE_MS ? pending : null;
  } catch {
    removeStorage('session', STORAGE_KEY);
    return null;
  }
}

export interface CallbackParams {
  state: string | null;
  idToken: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** Reads the provider's answer from the fragment (or the query, for providers that ignore response_mode). */
export function readCallbackParams(location: { hash: string; search: string }): CallbackParams {
  const raw = location.hash.length > 1 ? location.hash.slice(1) : location.search.slice(1);
  const params = new URLSearchParams(raw);
  return {
    state: params.get('state'),
    idToken: params.get('id_token'),
    code: params.get('code'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  };
}
