import { createHmac, randomUUID } from 'node:crypto';
import { errorCodes } from '@candor/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/errors.js';
import { normaliseAccountKey, type RateLimitRule, type RateLimitStore } from '../../http/rate-limit.js';
import { safeEqual } from '../../http/session.js';

/** The OWASP "device cookie": proves this browser signed in to this account before. */
export const DEVICE_COOKIE = 'device_token';
export const DEVICE_COOKIE_TTL_SECONDS = 365 * 86_400;

export interface DeviceClaims {
  userId: string;
  deviceId: string;
}

/** Signs and checks device tokens: `v1.<user id>.<device id>.<issued at>.<HMAC-SHA256>`. */
export function createDeviceTokens(options: { secret: string; clock: () => Date }) {
  // A key of its own, derived from the app secret, so a device token can never pass for anything else.
  const key = createHmac('sha256', options.secret).update('candor:device-token').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);

  return {
    sign(claims: DeviceClaims): string {
      const payload = `v1.${claims.userId}.${claims.deviceId}.${nowSeconds()}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token: string | undefined): DeviceClaims | null {
      if (!token || token.length > 256) return null;
      const parts = token.split('.');
      if (parts.length !== 5 || parts[0] !== 'v1') return null;
      const [, userId = '', deviceId = '', issued = '', signature] = parts;
      if (!safeEqual(signature, mac(`v1.${userId}.${deviceId}.${issued}`))) return null;
      const issuedAt = Number(issued);
      if (!Number.isInteger(issuedAt) || nowSeconds() - issuedAt > DEVICE_COOKIE_TTL_SECONDS) return null;
      return { userId, deviceId };
    },
  };
}
export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

/**
 * A counter of sign-in attempts that is reserved BEFORE the password is checked (atomic in memory and in Redis, so
 * parallel guesses can't slip past the limit) and given back when the attempt turns out not to be a failure.
 */
export function createAttemptCounter(name: string, rule: RateLimitRule, store: RateLimitStore) {
  const options = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${store.keyPrefix}:${name}` };
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = store.redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: store.redis,
        insuranceLimiter: memory,
        rejectIfRedisNotReady: true,
      })
    : memory;
  return {
    /** Reserves one attempt, or throws 429 with Retry-After once `rule.points` failures are on the counter. */
    async reserve(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw lockedOut(rejection.msBeforeNext);
      }
    },
    /** Gives a reserved attempt back (the attempt was not a wrong password). */
    async release(key: string): Promise<void> {
      await limiter.reward(key, 1);
    },
    async reset(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

export interface SigninGuardOptions {
  /** Failures per account from unknown devices, and per known device, within the window. */
  rule: RateLimitRule;
  store: RateLimitStore;
  devices: DeviceTokens;
  secure: boolean;
}

export interface SigninAttempt {
  accountKey: string;
  /** Set when the request carries a valid device token of this very account. */
  deviceId: string | null;
}

const lockedOut = (ms: number) =>
  tooManyRequests(errorCodes.rateLimited, 'Too many failed sign-ins. Please wait a moment and try again.', ms / 1000);

/**
 * Sign-in brute-force protection (OWASP "Slow down online guessing attacks with device cookies"):
 * failures from browsers without a device token of the account share one lock per account, so a flood from any
 * number of addresses locks out unknown devices only; a browser holding the account's device token is limited on
 * its own counter and keeps working for its owner.
 */
export function createSigninGuard(options: SigninGuardOptions) {
  const accounts = createAttemptCounter('signin:lockout', options.rule, options.store);
  const devices = createAttemptCounter('signin:device', options.rule, options.store);
  const counterOf = (attempt: SigninAttempt) =>
    attempt.deviceId ? { counter: devices, key: attempt.deviceId } : { counter: accounts, key: attempt.accountKey };

  return {
    /**
     * Refuses (429, Retry-After) before any password is checked when the attempt's counter is full.
     * `userIdOf` is only asked when a valid device token came with the request.
     */
    async begin(
      request: FastifyRequest,
      identifier: string,
      userIdOf: (identifier: string) => Promise<string | undefined>,
    ): Promise<SigninAttempt> {
      const accountKey = normaliseAccountKey(identifier);
      const claims = options.devices.verify(request.cookies[DEVICE_COOKIE]);
      const deviceId = claims && claims.userId === (await userIdOf(identifier)) ? claims.deviceId : null;
      const attempt = { accountKey, deviceId };
      const { counter, key } = counterOf(attempt);
      await counter.reserve(key);
      return attempt;
    },

    /** Anything but a wrong password (not verified yet, a server error) gives the reserved attempt back. */
    async notFailed(attempt: SigninAttempt): Promise<void> {
      const { counter, key } = counterOf(attempt);
      await counter.release(key);
    },

    /** Clears the counter and hands this browser the account's device token (keeping its device id). */
    async succeeded(attempt: SigninAttempt, reply: FastifyReply, userId: string): Promise<void> {
      const { counter, key } = counterOf(attempt);
      await counter.reset(key);
      issueDevice(reply, userId, attempt.deviceId);
    },

    issueDevice,

    /** The device id of this request's device token when it belongs to `userId` (kept across sign-ins). */
    deviceOf(request: FastifyRequest, userId: string): string | null {
      const claims = options.devices.verify(request.cookies[DEVICE_COOKIE]);
      return claims && claims.userId === userId ? claims.deviceId : null;
    },

    clearDevice(reply: FastifyReply) {
      reply.clearCookie(DEVICE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
    },
  };

  function issueDevice(reply: FastifyReply, userId: string, deviceId: string | null = null) {
    const token = options.devices.sign({ userId, deviceId: deviceId ?? randomUUID() });
    reply.setCookie(DEVICE_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: DEVICE_COOKIE_TTL_SECONDS,
    });
  }
}
export type SigninGuard = ReturnType<typeof createSigninGuard>;
