import { authCookies, errorCodes } from '@candor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { type AccessClaims, type SessionCookies, type SessionTokens, safeEqual } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which double-submit pair guards the route: the access one (default), the refresh one, or none. */
    csrf?: 'access' | 'refresh' | false;
    /** False on routes that must set no cookie at all (the key-authenticated public API). */
    cookies?: false;
  }
  interface FastifyRequest {
    /** The verified access token's claims, or null; filled by the CSRF hook so routes verify once. */
    accessClaims: AccessClaims | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Long-cached hashed files must not carry a per-visitor cookie.
const NO_ANONYMOUS_COOKIE = /^\/assets\//;

const csrfFailed = () =>
  new AppError(errorCodes.csrf, 403, 'The security token is missing or does not match. Reload the page and try again.');

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers['x-csrf-token'];
  return Array.isArray(value) ? undefined : value;
}

/** Double-submit CSRF, with the header also bound to the session token's claim so a planted cookie is not enough. */
export function registerCsrf(app: FastifyInstance, deps: { tokens: SessionTokens; cookies: SessionCookies }): void {
  app.decorateRequest('accessClaims', null);

  app.addHook('onRequest', async (request, reply) => {
    const access = await deps.tokens.verifyAccess(request.cookies[authCookies.access]);
    request.accessClaims = access.ok ? access.claims : null;

    // Before there is a session, visitors still need a value to echo on sign-up and sign-in.
    if (
      !request.cookies[authCookies.csrfAccess] &&
      !NO_ANONYMOUS_COOKIE.test(request.url) &&
      request.routeOptions.config.cookies !== false
    ) {
      deps.cookies.setAnonymousCsrf(reply);
    }

    if (!STATE_CHANGING.has(request.method) || request.is404) return;
    const guard = request.routeOptions.config.csrf ?? 'access';
    if (guard === false) return;
    const header = headerValue(request);

    if (guard === 'refresh') {
      const refresh = await deps.tokens.verifyRefresh(request.cookies[authCookies.refresh]);
      if (!safeEqual(header, request.cookies[authCookies.csrfRefresh])) throw csrfFailed();
      if (refresh.ok && !safeEqual(header, refresh.claims.csrf)) throw csrfFailed();
      return;
    }
    if (!safeEqual(header, request.cookies[authCookies.csrfAccess])) throw csrfFailed();
    if (request.accessClaims && !safeEqual(header, request.accessClaims.csrf)) throw csrfFailed();
  });
}
