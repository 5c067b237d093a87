import type { UserInfo } from '@candor/contracts';
import { oidcSignin } from './oidc.api';
import { type CallbackParams, type PendingOidc, readCallbackParams, takePending } from './redirect-flow';

export interface OidcCallback {
  params: CallbackParams;
  pending: PendingOidc | null;
}

const seen = new Map<string, OidcCallback>();
const inflight = new Map<string, Promise<UserInfo>>();

/** What the provider sent back, with the sign-in it belongs to; read once per URL, then the URL forgets it. */
export function readOidcCallback(location: Pick<Location, 'hash' | 'search' | 'href'> = window.location): OidcCallback {
  const known = seen.get(location.href);
  if (known) return known;
  const params = readCallbackParams(location);
  const callback = { params, pending: takePending(params.state) };
  seen.set(location.href, callback);
  // Codes and tokens don't stay in the address bar or the history entry.
  if (location.hash || params.code || params.idToken)
    window.history.replaceState(window.history.state, '', window.location.pathname);
  return callback;
}

/** Posts the provider's answer to the server once, however often the screen mounts. */
export function completeOidcSignin(callback: OidcCallback): Promise<UserInfo> {
  const { params, pending } = callback;
  const key = params.state ?? '';
  const existing = inflight.get(key);
  if (existing) return existing;
  const run = (async () => {
    if (params.error) {
      throw new Error(
        params.error === 'access_denied'
          ? 'Sign-in was cancelled.'
          : `The identity provider refused the sign-in${params.errorDescription ? `: ${params.errorDescription}` : '.'}`,
      );
    }
    if (!pending) throw new Error('This sign-in link has expired or was already used. Start again.');
    if (pending.flow === 'implicit') {
      if (!params.idToken) throw new Error('The identity provider sent no ID token. Start again.');
      return oidcSignin({ id_token: params.idToken });
    }
    if (!params.code) throw new Error('The identity provider sent no code. Start again.');
    return oidcSignin({
      code: params.code,
      redirect_uri: pending.redirectUri,
      ...(pending.codeVerifier ? { code_verifier: pending.codeVerifier } : {}),
    });
  })();
  inflight.set(key, run);
  return run;
}
