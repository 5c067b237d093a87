import { errorCodes } from '@candor/contracts';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/errors.js';
import type { RateLimitStore } from '../../http/rate-limit.js';

const WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** The `x-ratelimit-*` headers of a state (and `retry-after` once it is spent). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetSeconds),
  };
}

/**
 * Requests per minute per API key, at the rate its plan gives. Counters live in Redis when configured, so every
 * instance counts the same minute; while Redis is away each process counts on its own rather than letting all through.
 */
export function createKeyRateLimiter(store: RateLimitStore) {
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterFor = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      const options = { points, duration: WINDOW_SECONDS, keyPrefix: `${store.keyPrefix}:api-key:${points}` };
      const memory = new RateLimiterMemory(options);
      limiter = store.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: store.redis,
            insuranceLimiter: memory,
            rejectIfRedisNotReady: true,
          })
        : memory;
      limiters.set(points, limiter);
    }
    return limiter;
  };

  return {
    /** Counts one request of `keyId`; throws 429 with the headers and Retry-After once the minute's budget is spent. */
    async consume(keyId: string, perMinute: number): Promise<RateLimitState> {
      try {
        const res = await limiterFor(perMinute).consume(keyId);
        return {
          limit: perMinute,
          remaining: Math.max(0, res.remainingPoints),
          resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const resetSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError(
          errorCodes.rateLimited,
          429,
          `This key may make ${perMinute} requests a minute; wait ${resetSeconds} s and try again.`,
          { retry_after: resetSeconds },
          {
            ...rateLimitHeaders({ limit: perMinute, remaining: 0, resetSeconds }),
            'retry-after': String(resetSeconds),
          },
        );
      }
    },
  };
}
export type KeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
