import { authCookies, oidcSigninSchema } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http/errors.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import type { SessionCookies } from '../../http/session.js';
import type { SigninGuard } from './brute-force.js';
import { NONCE_TTL_SECONDS, type OidcService } from './oidc.service.js';
import type { SessionService } from './sessions.service.js';
import { toUserInfo } from './users.service.js';

/** Holds the hash of the nonce handed out by oidc/start until the sign-in comes back. */
export const OIDC_NONCE_COOKIE = 'oidc_nonce';

export interface OidcRoutesOptions {
  service: OidcService;
  sessions: SessionService;
  cookies: SessionCookies;
  limiter: AuthLimiter;
  signinGuard: SigninGuard;
  secureCookies: boolean;
}

export async function oidcRoutes(app: FastifyInstance, opts: OidcRoutesOptions) {
  const { service, sessions, cookies, limiter } = opts;
  const nonceCookie = { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies } as const;

  app.get('/oidc/config', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.config();
  });

  app.post('/oidc/start', async (request, reply) => {
    await limiter.consume(request);
    const { nonce, state, cookie } = service.start();
    reply.header('cache-control', 'no-store');
    reply.setCookie(OIDC_NONCE_COOKIE, cookie, { ...nonceCookie, maxAge: NONCE_TTL_SECONDS });
    return { nonce, state };
  });

  app.post('/users/oidc', async (request, reply) => {
    const input = parseWith(oidcSigninSchema, request.body);
    await limiter.consume(request);
    const { user, session } = await service.signin(
      input,
      request.cookies[OIDC_NONCE_COOKIE],
      request.headers['user-agent'],
      request.ip,
    );
    // Like users/signin: a sign-in over an existing session replaces it.
    await sessions.end(request.cookies[authCookies.refresh], request.accessClaims);
    reply.clearCookie(OIDC_NONCE_COOKIE, nonceCookie);
    cookies.set(reply, session);
    opts.signinGuard.issueDevice(reply, user.id, opts.signinGuard.deviceOf(request, user.id));
    return toUserInfo(user);
  });
}
