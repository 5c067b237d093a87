import { errorCodes } from '@candor/contracts';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.js';

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export interface RateLimitStore {
  /** Counters live here when given (shared by every instance); otherwise in this process's memory. */
  redis?: Redis | undefined;
  /** Namespaces the keys; tests use a unique one each. */
  keyPrefix: string;
}

export interface Limiter {
  /** Counts one attempt; throws 429 `rate_limited` with Retry-After once the rule is exceeded. */
  consume(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createLimiter(name: string, rule: RateLimitRule, store: RateLimitStore): Limiter {
  const options = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${store.keyPrefix}:${name}` };
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = store.redis
    ? // If Redis is unreachable the per-process counter keeps limiting rather than letting everything through.
      new RateLimiterRedis({
        ...options,
        storeClient: store.redis,
        insuranceLimiter: memory,
        rejectIfRedisNotReady: true,
      })
    : memory;

  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw tooManyRequests(
          errorCodes.rateLimited,
          'Too many attempts. Please wait a moment and try again.',
          rejection.msBeforeNext / 1000,
        );
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export interface AuthRateLimitRules {
  perIp: RateLimitRule;
  perAccount: RateLimitRule;
}

/** Per-IP and per-account limits for one endpoint (sign-in, each OTP endpoint). */
export function createAuthLimiter(endpoint: string, rules: AuthRateLimitRules, store: RateLimitStore) {
  const ip = createLimiter(`${endpoint}:ip`, rules.perIp, store);
  const account = createLimiter(`${endpoint}:account`, rules.perAccount, store);
  return {
    async consume(request: { ip: string }, accountKey?: string) {
      await ip.consume(request.ip);
      if (accountKey) await account.consume(normaliseAccountKey(accountKey));
    },
    async resetAccount(accountKey: string) {
      await account.reset(normaliseAccountKey(accountKey));
    },
  };
}
export type AuthLimiter = ReturnType<typeof createAuthLimiter>;

/** E-mail or username as typed: case and surrounding spaces don't make a new account key. */
export const normaliseAccountKey = (value: string) => value.trim().toLowerCase();
