import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { authCookies } from '@candor/contracts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'candor';
// Verifying through WebCrypto costs ~0.2 ms; a bounded memo keeps that off every request of a session.
const VERIFIED_TOKENS_KEPT = 10_000;
const AUDIENCE = 'candor-web';

export interface AccessClaims {
  userId: string;
  familyId: string;
  csrf: string;
}

export interface RefreshClaims extends AccessClaims {
  /** The refresh_tokens row this token is. */
  tokenId: string;
}

export type Verified<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  clock: () => Date;
}

/** Signs and verifies the two session JWTs (HS256); a `use` claim keeps one from passing for the other. */
export function createSessionTokens(settings: TokenSettings) {
  const key = new TextEncoder().encode(settings.secret);
  const nowSeconds = () => Math.floor(settings.clock().getTime() / 1000);

  const sign = (use: 'access' | 'refresh', claims: AccessClaims, jti: string, ttl: number) =>
    new SignJWT({ use, fam: claims.familyId, csrf: claims.csrf })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(claims.userId)
      .setJti(jti)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + ttl)
      .sign(key);

  // Tokens already verified, by their exact text: the signature can't change, only the clock moves on.
  const verifiedTokens = new Map<string, { use: string; exp: number; claims: RefreshClaims }>();
  const remember = (token: string, entry: { use: string; exp: number; claims: RefreshClaims }) => {
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verifiedTokens.keys().next().value;
      if (oldest !== undefined) verifiedTokens.delete(oldest);
    }
    verifiedTokens.set(token, entry);
  };

  async function verify(token: string | undefined, use: 'access' | 'refresh'): Promise<Verified<RefreshClaims>> {
    if (!token) return { ok: false, reason: 'invalid' };
    const known = verifiedTokens.get(token);
    if (known) {
      if (known.use !== use) return { ok: false, reason: 'invalid' };
      if (nowSeconds() >= known.exp) {
        verifiedTokens.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known.claims };
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: settings.clock(),
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      const { sub, jti, fam, csrf } = payload;
      if (payload.use !== use || typeof fam !== 'string' || typeof csrf !== 'string' || !sub || !jti) {
        return { ok: false, reason: 'invalid' };
      }
      const claims = { userId: sub, familyId: fam, csrf, tokenId: jti };
      if (typeof payload.exp === 'number') remember(token, { use, exp: payload.exp, claims });
      return { ok: true, claims };
    } catch (error) {
      return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    accessTtlSeconds: settings.accessTtlSeconds,
    refreshTtlSeconds: settings.refreshTtlSeconds,
    signAccess: (claims: AccessClaims) => sign('access', claims, randomUUID(), settings.accessTtlSeconds),
    signRefresh: (claims: RefreshClaims) => sign('refresh', claims, claims.tokenId, settings.refreshTtlSeconds),
    verifyAccess: async (token: string | undefined): Promise<Verified<AccessClaims>> => verify(token, 'access'),
    verifyRefresh: (token: string | undefined) => verify(token, 'refresh'),
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;

/** A random value for a double-submit CSRF cookie. */
export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** Constant-time string comparison; unequal lengths fail without comparing. */
export function safeEqual(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  accessCsrf: string;
  refreshCsrf: string;
}

/** Writes and clears the four session cookies with one set of attributes. */
export function createSessionCookies(options: { secure: boolean; maxAgeSeconds: number }) {
  const base: CookieSerializeOptions = { path: '/', sameSite: 'lax', secure: options.secure };
  // Cookies outlive the access JWT so an expired one still arrives and earns the 401 that makes the client refresh.
  const lasting: CookieSerializeOptions = { ...base, maxAge: options.maxAgeSeconds };
  const readable = { ...lasting, httpOnly: false };
  const secret = { ...lasting, httpOnly: true };

  return {
    set(reply: FastifyReply, session: IssuedSession) {
      reply.setCookie(authCookies.access, session.accessToken, secret);
      reply.setCookie(authCookies.refresh, session.refreshToken, secret);
      reply.setCookie(authCookies.csrfAccess, session.accessCsrf, readable);
      reply.setCookie(authCookies.csrfRefresh, session.refreshCsrf, readable);
    },
    /** Ends the session; a fresh anonymous CSRF value replaces the old one so sign-in works straight away. */
    clear(reply: FastifyReply) {
      reply.clearCookie(authCookies.access, { ...base, httpOnly: true });
      reply.clearCookie(authCookies.refresh, { ...base, httpOnly: true });
      reply.clearCookie(authCookies.csrfRefresh, { ...base, httpOnly: false });
      reply.setCookie(authCookies.csrfAccess, newCsrfToken(), readable);
    },
    setAnonymousCsrf(reply: FastifyReply) {
      reply.setCookie(authCookies.csrfAccess, newCsrfToken(), readable);
    },
  };
}
export type SessionCookies = ReturnType<typeof createSessionCookies>;
