import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthenticated } from './errors.js';

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
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Finds the user of a session family that is still alive, or null. */
export type FindSessionUser = (userId: string, familyId: string) => Promise<unknown | null>;

export function registerAuth(app: FastifyInstance, deps: { findSessionUser: FindSessionUser }): void {
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
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser<T>(request: FastifyRequest): SessionUser<T> {
  if (!request.user) throw unauthenticated();
  return request.user as SessionUser<T>;
}
