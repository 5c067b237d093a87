import {
  API_KEYS_PER_ACCOUNT,
  type ApiAccess,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  apiKeyCreateSchema,
} from '@candor/contracts';
import type { Database } from '@candor/db';
import { AppError, notFound, parseWith } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { apiAccessOf } from './api-access.js';
import {
  displayParts,
  generateApiKeySecret,
  hashApiKeySecret,
  isWellFormedApiKey,
  sameHash,
} from './api-key-secret.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

const DAY_MS = 86_400_000;
// A plan's API access is read again at most this often per instance, as sessions are (docs/product-decisions.md):
// it saves a query on every request; a key itself is looked up every time, so deleting it works at once.
const ACCESS_TTL_MS = 5_000;
const ACCESS_CACHE_MAX = 10_000;
// Writing "last used" on every request would double the database work of a call; once a minute is what a person reads.
const TOUCH_EVERY_MS = 60_000;

export const apiKeyErrorCodes = {
  missing: 'missing_api_key',
  invalid: 'invalid_api_key',
  accessRequired: 'api_access_required',
  tooManyKeys: 'too_many_api_keys',
} as const;

/** One answer for a malformed, unknown, revoked or expired key, so none of them tells an attacker more. */
export const invalidApiKey = () =>
  new AppError(
    apiKeyErrorCodes.invalid,
    401,
    'The API key is not valid: it is malformed, revoked or expired. Create a key on your account page.',
  );

export const missingApiKey = () =>
  new AppError(
    apiKeyErrorCodes.missing,
    401,
    'Send your API key as "Authorization: Bearer <key>" or in the "x-api-key" header.',
  );

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last_four: row.lastFour,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** The key a request was authenticated with. */
export interface KeyPrincipal {
  keyId: string;
  keyName: string;
  userId: string;
  /** Requests per minute the key may make. */
  requestsPerMinute: number;
}

export function createApiKeysService(deps: { db: Database; repo: ApiKeysRepository; clock: () => Date }) {
  const touched = new Map<string, number>();
  const accessCache = new Map<string, { access: ApiAccess; until: number }>();

  async function cachedAccess(userId: string, now: Date): Promise<ApiAccess> {
    const hit = accessCache.get(userId);
    if (hit && hit.until > now.getTime()) return hit.access;
    const access = await apiAccessOf(deps.db, userId, now);
    if (accessCache.size >= ACCESS_CACHE_MAX) accessCache.clear();
    accessCache.set(userId, { access, until: now.getTime() + ACCESS_TTL_MS });
    return access;
  }

  return {
    async list(userId: string): Promise<ApiKeyList> {
      const [rows, access] = await Promise.all([
        deps.repo.listLive(userId),
        apiAccessOf(deps.db, userId, deps.clock()),
      ]);
      return { items: rows.map(toApiKey), access };
    },

    /** Creates a key and returns its secret, the only time it leaves the server. */
    async create(userId: string, body: unknown): Promise<ApiKeyCreated> {
      const input = parseWith(apiKeyCreateSchema, body);
      const now = deps.clock();
      const access = await apiAccessOf(deps.db, userId, now);
      if (!access.allowed) {
        throw new AppError(apiKeyErrorCodes.accessRequired, 403, access.reason ?? 'Your plan has no API access.', {
          pricing_url: '/pricing?tab=api-agent',
        });
      }
      if ((await deps.repo.countLive(userId)) >= API_KEYS_PER_ACCOUNT) {
        throw new AppError(
          apiKeyErrorCodes.tooManyKeys,
          409,
          `An account holds at most ${API_KEYS_PER_ACCOUNT} keys. Delete one you no longer use first.`,
        );
      }
      const secret = generateApiKeySecret();
      const { prefix, lastFour } = displayParts(secret);
      const row = await deps.repo.insert({
        userId,
        name: input.name,
        secretHash: hashApiKeySecret(secret),
        prefix,
        lastFour,
        expiresAt: input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null,
      });
      return { key: toApiKey(row), secret };
    },

    /** Deletes (revokes) a key: the next request with it is refused. 404 for others' and unknown ids alike. */
    async remove(userId: string, id: string) {
      if (!isUuid(id) || !(await deps.repo.revoke(userId, id, deps.clock()))) {
        throw notFound('This API key does not exist');
      }
      touched.delete(id);
      return { id, deleted: true as const };
    },

    /**
     * The key behind a presented secret, or 401. Every secret is hashed and looked up, well-formed or not, so a
     * malformed, unknown, revoked or expired key takes the same work and gets the same answer.
     */
    async authenticate(presented: string | undefined): Promise<KeyPrincipal> {
      if (presented === undefined || presented === '') throw missingApiKey();
      const hash = hashApiKeySecret(presented);
      const wellFormed = isWellFormedApiKey(presented);
      const row = await deps.repo.findByHash(hash);
      const now = deps.clock();
      const valid =
        row !== undefined &&
        sameHash(row.secretHash, hash) &&
        wellFormed &&
        row.revokedAt === null &&
        (row.expiresAt === null || row.expiresAt > now);
      if (!valid || !row) throw invalidApiKey();
      const access = await cachedAccess(row.userId, now);
      if (!access.allowed || access.requests_per_minute === null) {
        throw new AppError(apiKeyErrorCodes.accessRequired, 403, access.reason ?? 'Your plan has no API access.', {
          pricing_url: '/pricing?tab=api-agent',
        });
      }
      const last = touched.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last >= TOUCH_EVERY_MS) {
        touched.set(row.id, now.getTime());
        await deps.repo.touch(row.id, now);
      }
      return { keyId: row.id, keyName: row.name, userId: row.userId, requestsPerMinute: access.requests_per_minute };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
