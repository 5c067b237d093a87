import { randomUUID } from 'node:crypto';
import { errorCodes } from '@candor/contracts';
import { AppError, unauthenticated } from '../../http/errors.js';
import { type AccessClaims, type IssuedSession, newCsrfToken, type SessionTokens } from '../../http/session.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface SessionServiceDeps {
  repo: SessionsRepository;
  tokens: SessionTokens;
  clock: () => Date;
}

const reused = () =>
  new AppError(errorCodes.refreshReused, 401, 'This session was ended for your safety. Please sign in again.');

/** Refresh-token families: sign-in starts one, each refresh rotates within it, reuse of a retired token ends it. */
export function createSessionService(deps: SessionServiceDeps) {
  const { repo, tokens, clock } = deps;

  async function sign(userId: string, familyId: string, tokenId: string): Promise<IssuedSession> {
    const accessCsrf = newCsrfToken();
    const refreshCsrf = newCsrfToken();
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccess({ userId, familyId, csrf: accessCsrf }),
      tokens.signRefresh({ userId, familyId, tokenId, csrf: refreshCsrf }),
    ]);
    return { accessToken, refreshToken, accessCsrf, refreshCsrf };
  }

  const newRow = (userId: string, familyId: string, userAgent: string | undefined, ip: string | undefined) => {
    const now = clock();
    return {
      id: randomUUID(),
      userId,
      familyId,
      expiresAt: new Date(now.getTime() + tokens.refreshTtlSeconds * 1000),
      userAgent: userAgent?.slice(0, 256) ?? null,
      ip: ip?.slice(0, 64) ?? null,
      createdAt: now,
    };
  };

  return {
    async start(userId: string, userAgent?: string, ip?: string): Promise<IssuedSession> {
      const row = newRow(userId, randomUUID(), userAgent, ip);
      await repo.create(row);
      return sign(userId, row.familyId, row.id);
    },

    /** Exchanges a refresh token for a new pair; 401 `unauthenticated` or `refresh_token_reused` otherwise. */
    async refresh(refreshToken: string | undefined, userAgent?: string, ip?: string): Promise<IssuedSession> {
      const verified = await tokens.verifyRefresh(refreshToken);
      if (!verified.ok) throw unauthenticated('Your session has expired. Please sign in again.');
      const { userId, familyId, tokenId } = verified.claims;
      const row = await repo.find(tokenId);
      if (!row || row.userId !== userId || row.familyId !== familyId) throw unauthenticated();
      const now = clock();
      if (row.rotatedAt || row.revokedAt) {
        // A retired token coming back means it was copied: end every session descended from it.
        await repo.revokeFamily(familyId, now);
        throw reused();
      }
      if (row.expiresAt.getTime() <= now.getTime())
        throw unauthenticated('Your session has expired. Please sign in again.');
      const next = newRow(userId, familyId, userAgent, ip);
      if (!(await repo.rotate(tokenId, next, now))) {
        await repo.revokeFamily(familyId, now);
        throw reused();
      }
      return sign(userId, familyId, next.id);
    },

    /** Sign-out: revokes the families of whichever session tokens came with the request. */
    async end(refreshToken: string | undefined, access: AccessClaims | null): Promise<void> {
      const families = new Set<string>();
      const refresh = await tokens.verifyRefresh(refreshToken);
      if (refresh.ok) families.add(refresh.claims.familyId);
      if (access) families.add(access.familyId);
      const now = clock();
      for (const familyId of families) await repo.revokeFamily(familyId, now);
    },

    async endAllOfUser(userId: string): Promise<void> {
      await repo.revokeAllOfUser(userId, clock());
    },

    /** Ends one session family of the user; false when it isn't theirs (or is already over). */
    async endOneOfUser(userId: string, familyId: string): Promise<boolean> {
      return repo.revokeFamilyOfUser(userId, familyId, clock());
    },

    /** Ends every session of the user but `keepFamilyId`. */
    async endOthersOfUser(userId: string, keepFamilyId: string): Promise<void> {
      await repo.revokeOthersOfUser(userId, keepFamilyId, clock());
    },

    /** The live families of the user: first and latest row of each (started, last active). */
    async listOfUser(userId: string) {
      const rows = await repo.listUnrevoked(userId, clock());
      const families = new Map<string, { first: (typeof rows)[number]; latest: (typeof rows)[number] }>();
      for (const row of rows) {
        const seen = families.get(row.familyId);
        if (!seen) families.set(row.familyId, { first: row, latest: row });
        else if (row.createdAt >= seen.latest.createdAt) seen.latest = row;
      }
      // A family whose newest token was rotated without a successor is over (refresh failed half-way): skip it.
      return [...families.entries()]
        .filter(([, { latest }]) => latest.rotatedAt === null)
        .map(([familyId, { first, latest }]) => ({
          familyId,
          userAgent: latest.userAgent ?? first.userAgent,
          ip: latest.ip ?? first.ip,
          startedAt: first.createdAt,
          lastActiveAt: latest.createdAt,
        }));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
