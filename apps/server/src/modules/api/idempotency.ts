import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from '@candor/contracts';
import { apiIdempotencyKeys, type Database } from '@candor/db';
import { and, eq, lte } from 'drizzle-orm';
import { AppError } from '../../http/errors.js';

const SANE_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

export const idempotencyErrorCodes = {
  invalid: 'idempotency_key_invalid',
  reused: 'idempotency_key_reused',
  inProgress: 'idempotency_request_in_progress',
} as const;

export type IdempotencyOutcome =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; body: string; requestId: string };

/** The fingerprint a repeat must match: method, path and the body as parsed (whitespace doesn't matter). */
export const requestHashOf = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

/**
 * `Idempotency-Key` on POSTs, as Stripe has it: the first answer to a key is kept for 24 hours and given again to a
 * repeat; a repeat with another body is 409, and so is one that arrives while the first is still being answered.
 * Keys are the account's own (two accounts may use the same string).
 */
export function createIdempotency(db: Database, clock: () => Date) {
  return {
    parseKey(header: string | string[] | undefined): string | undefined {
      if (header === undefined) return undefined;
      const value = Array.isArray(header) ? undefined : header.trim();
      if (!value || !SANE_KEY.test(value)) {
        throw new AppError(
          idempotencyErrorCodes.invalid,
          400,
          `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID is a good choice).`,
        );
      }
      return value;
    },

    async begin(userId: string, key: string, requestHash: string, requestId: string): Promise<IdempotencyOutcome> {
      const now = clock();
      const where = and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key));
      await db.delete(apiIdempotencyKeys).where(and(where, lte(apiIdempotencyKeys.expiresAt, now)));
      const inserted = await db
        .insert(apiIdempotencyKeys)
        .values({
          userId,
          key,
          requestHash,
          requestId,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000),
        })
        .onConflictDoNothing()
        .returning({ key: apiIdempotencyKeys.key });
      if (inserted.length > 0) return { kind: 'new' };
      const [first] = await db.select().from(apiIdempotencyKeys).where(where).limit(1);
      if (!first) return this.begin(userId, key, requestHash, requestId);
      if (first.requestHash !== requestHash) {
        throw new AppError(
          idempotencyErrorCodes.reused,
          409,
          'This Idempotency-Key was used with another request. Use a new key for a new request.',
        );
      }
      if (first.statusCode === null || first.responseBody === null) {
        throw new AppError(
          idempotencyErrorCodes.inProgress,
          409,
          'A request with this Idempotency-Key is still being answered. Try again in a moment.',
        );
      }
      return { kind: 'replay', statusCode: first.statusCode, body: first.responseBody, requestId: first.requestId };
    },

    async complete(userId: string, key: string, statusCode: number, body: string): Promise<void> {
      await db
        .update(apiIdempotencyKeys)
        .set({ statusCode, responseBody: body })
        .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
    },

    /** Forgets a key whose request could not be answered (a 5xx, a rate limit), so a retry with it runs. */
    async abandon(userId: string, key: string): Promise<void> {
      await db
        .delete(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
    },

    async prune(): Promise<void> {
      await db.delete(apiIdempotencyKeys).where(lte(apiIdempotencyKeys.expiresAt, clock()));
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
