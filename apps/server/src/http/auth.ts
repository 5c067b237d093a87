import { authCookies } from '@candor/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthenticated } from './errors.js';
import type { AccessClaims, Verified } from './session.js';

/** The signed-in user as the session lookup returns them; `T` is the user row type. */
export interface SessionUser<T = unknown> {
  id: string;
  familyId: string;
  row: T;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless a valid, unrevoked session of an existing user comes with the request. */
    requireUser: preHandlerAsyncHookHandler;
    /**
     * The id of the user whose live session this browser holds, or null; unlike `requireUser` it also reads an
     * unexpired refresh cookie, for server-rendered pages (the local checkout) where no client refreshes the session.
     */
    browserUserId(request: FastifyRequest): Promise<string | null>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Finds the user of a session family that is still alive, or null. */
export type FindSessionUser = (userId: string, familyId: string) => Promise<unknown | null>;

export function registerAuth(
  app: FastifyInstance,
  deps: {
    findSessionUser: FindSessionUser;
    verifyRefresh: (token: string | undefined) => Promise<Verified<AccessClaims>>;
  },
): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    // The CSRF hook already verified the access cookie (signature, expiry, token use).
    const claims = request.accessClaims;
    if (!claims) throw unauthenticated();
    // One query: the user still exists and the session family has not been revoked (sign-out, reuse, reset).
    const row = await deps.findSessionUser(claims.userId, claims.familyId);
    if (!row) throw unauthenticated();
    request.user = { id: claims.userId, familyId: claims.familyId, row };
  });
  app.decorate('browserUserId', async (request: FastifyRequest) => {
    const refresh = request.accessClaims ? null : await deps.verifyRefresh(request.cookies[authCookies.refresh]);
    const claims = request.accessClaims ?? (refresh?.ok ? refresh.claims : null);
    if (!claims) return null;
    return (await deps.findSessionUser(claims.userId, claims.familyId)) ? claims.userId : null;
  });
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser<T>(request: FastifyRequest): SessionUser<T> {
  if (!request.user) throw unauthenticated();
  return request.user as SessionUser<T>;
}
