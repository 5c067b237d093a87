import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type OidcConfig,
  type OidcFlow,
  type OidcSigninInput,
  type OidcStart,
  oidcErrorCodes,
} from '@candor/contracts';
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { IssuedSession } from '../../http/session.js';
import type { OidcRepository } from './oidc.repository.js';
import type { SessionService } from './sessions.service.js';
import { DuplicateUserError, type UserRow, type UsersRepository } from './users.repository.js';
import { normaliseEmail, type UsersService } from './users.service.js';

export interface OidcSettings {
  issuer: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  flow: OidcFlow;
}

export interface OidcServiceDeps {
  settings: OidcSettings;
  repo: OidcRepository;
  users: UsersRepository;
  usersService: Pick<UsersService, 'createFromIdentity'>;
  sessions: SessionService;
  /** Key for the nonce cookie's HMAC. */
  secret: string;
  clock: () => Date;
  fetch?: typeof fetch;
}

/** How long a nonce from `start` stays usable: long enough for a person to pick an account and sign in. */
export const NONCE_TTL_SECONDS = 600;
const DISCOVERY_TTL_MS = 3_600_000;
const HTTP_TIMEOUT_MS = 5_000;
const CLOCK_TOLERANCE_SECONDS = 5;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const discoverySchema = z.object({
  issuer: z.string().min(1),
  jwks_uri: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url().optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const isGoogleIssuer = (issuer: string) => GOOGLE_ISSUERS.includes(issuer.replace(/\/+$/, ''));

const notConfigured = () =>
  new AppError(oidcErrorCodes.notConfigured, 503, 'Sign-in with an identity provider is not configured');
const unavailable = () =>
  new AppError(oidcErrorCodes.unavailable, 503, 'The identity provider cannot be reached. Try again later.');
const invalidToken = (reason: string) =>
  new AppError(oidcErrorCodes.invalidToken, 401, 'The sign-in could not be verified. Try again.', { reason });

/** Verifies what the browser brings back from an OpenID Connect provider and signs the person in. */
export function createOidcService(deps: OidcServiceDeps) {
  const { settings, repo, users, usersService, sessions, secret, clock } = deps;
  const doFetch = deps.fetch ?? fetch;
  const google = isGoogleIssuer(settings.issuer);
  let discovery: { value: Promise<Discovery>; at: number } | undefined;
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

  /** The issuer's discovery document, cached for an hour; a failed read is not cached. */
  function discover(): Promise<Discovery> {
    const now = Date.now();
    if (discovery && now - discovery.at < DISCOVERY_TTL_MS) return discovery.value;
    const url = `${settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const value = (async () => {
      let body: unknown;
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        body = await response.json();
      } catch {
        throw unavailable();
      }
      const parsed = discoverySchema.safeParse(body);
      // OIDC Discovery §4.3: the document must name the issuer it was fetched for.
      if (!parsed.success || parsed.data.issuer.replace(/\/+$/, '') !== settings.issuer.replace(/\/+$/, ''))
        throw unavailable();
      return parsed.data;
    })();
    discovery = { value, at: now };
    value.catch(() => {
      if (discovery?.value === value) discovery = undefined;
    });
    return value;
  }

  function jwks(uri: string) {
    if (keys?.uri !== uri) keys = { uri, set: createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS }) };
    return keys.set;
  }

  function requireClient(): string {
    if (!settings.clientId) throw notConfigured();
    return settings.clientId;
  }

  /** `exp.hash(nonce).hmac`: the nonce itself never sits in the cookie. */
  const nonceSignature = (payload: string) =>
    createHmac('sha256', secret).update(`oidc-nonce:${payload}`).digest('base64url');

  function nonceHashFromCookie(cookie: string | undefined): string | null {
    if (!cookie) return null;
    const [exp, hash, signature] = cookie.split('.');
    if (!exp || !hash || !signature) return null;
    if (nonceSignature(`${exp}.${hash}`) !== signature) return null;
    if (Number(exp) * 1000 < clock().getTime()) return null;
    return hash;
  }

  async function verifyIdToken(idToken: string, nonceCookie: string | undefined, flow: OidcFlow): Promise<JWTPayload> {
    const clientId = requireClient();
    const doc = await discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks(doc.jwks_uri), {
        issuer: google ? GOOGLE_ISSUERS : doc.issuer,
        audience: clientId,
        currentDate: clock(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (
        error instanceof joseErrors.JWKSTimeout ||
        (error instanceof TypeError && !(error instanceof joseErrors.JOSEError))
      )
        throw unavailable();
      throw invalidToken(error instanceof joseErrors.JOSEError ? error.code : 'malformed');
    }
    // OIDC Core §3.1.3.7: with several audiences the authorised party must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) throw invalidToken('azp');
    const expected = nonceHashFromCookie(nonceCookie);
    if (typeof payload.nonce === 'string') {
      if (!expected || sha256(payload.nonce) !== expected) throw invalidToken('nonce');
    } else if (flow === 'implicit') {
      // An ID token straight from the browser is only ours if it carries the nonce we issued.
      throw invalidToken('nonce');
    }
    return payload;
  }

  async function exchangeCode(input: { code: string; redirect_uri: string; code_verifier?: string | undefined }) {
    const clientId = requireClient();
    if (!settings.clientSecret) throw notConfigured();
    const redirectOk =
      (google && input.redirect_uri === 'postmessage') || /^https?:\/\/[^\s]+$/.test(input.redirect_uri);
    if (!redirectOk) throw new AppError(oidcErrorCodes.invalidCode, 401, 'The sign-in code is not valid. Try again.');
    const doc = await discover();
    if (!doc.token_endpoint) throw unavailable();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirect_uri,
    });
    if (input.code_verifier) form.set('code_verifier', input.code_verifier);
    // client_secret_basic (RFC 6749 §2.3.1): both parts form-encoded before base64.
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString(
      'base64',
    );
    let response: Response;
    try {
      response = await doFetch(doc.token_endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (response.status >= 500) throw unavailable();
    const body: unknown = await response.json().catch(() => null);
    const parsed = tokenResponseSchema.safeParse(body);
    if (!response.ok || !parsed.success)
      throw new AppError(oidcErrorCodes.invalidCode, 401, 'The sign-in code is not valid. Try again.');
    return parsed.data.id_token;
  }

  async function userFor(payload: JWTPayload, issuer: string, referrerId?: string): Promise<UserRow> {
    const subject = String(payload.sub);
    const known = await repo.findUserByIdentity({ issuer, subject });
    if (known) return known;

    const rawEmail = typeof payload.email === 'string' ? payload.email : '';
    if (!z.email().safeParse(rawEmail).success) throw invalidToken('email');
    const email = normaliseEmail(rawEmail);
    const identity = { issuer, subject, email };
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 120) : '';
    const fullName = name || email.split('@')[0] || email;

    for (let attempt = 0; ; attempt++) {
      const existing = await users.findByEmail(email);
      if (existing) return repo.link(existing, identity, clock());
      try {
        return await usersService.createFromIdentity(fullName, email, identity, referrerId);
      } catch (error) {
        // Two first sign-ins at once: the second links to the account the first made.
        if (!(error instanceof DuplicateUserError) || attempt >= 1) throw error;
      }
    }
  }

  return {
    async config(): Promise<OidcConfig> {
      const base = {
        flow: settings.flow,
        client_id: settings.clientId ?? null,
        issuer: settings.issuer,
        is_google: google,
      };
      if (!settings.clientId) return { ...base, enabled: false, authorization_endpoint: null };
      const endpoint = await discover().then(
        (doc) => doc.authorization_endpoint,
        () => null,
      );
      return { ...base, enabled: true, authorization_endpoint: endpoint };
    },

    /** A nonce and state for one sign-in; `cookie` keeps the nonce's hash, signed and short-lived. */
    start(): OidcStart & { cookie: string } {
      requireClient();
      const nonce = randomBytes(24).toString('base64url');
      const state = randomBytes(24).toString('base64url');
      const exp = Math.floor(clock().getTime() / 1000) + NONCE_TTL_SECONDS;
      const payload = `${exp}.${sha256(nonce)}`;
      return { nonce, state, cookie: `${payload}.${nonceSignature(payload)}` };
    },

    /** Verifies an ID token or exchanges a code, then finds, links or creates the account and starts a session. */
    async signin(
      input: OidcSigninInput,
      nonceCookie: string | undefined,
      userAgent?: string,
      ip?: string,
    ): Promise<{ user: UserRow; session: IssuedSession }> {
      requireClient();
      const flow: OidcFlow = 'id_token' in input ? 'implicit' : 'code';
      const idToken = 'id_token' in input ? input.id_token : await exchangeCode(input);
      const payload = await verifyIdToken(idToken, nonceCookie, flow);
      if (payload.email_verified !== true && payload.email_verified !== 'true')
        throw new AppError(
          oidcErrorCodes.emailNotVerified,
          403,
          'Your e-mail address is not verified with the identity provider. Verify it there, or sign up with e-mail.',
        );
      const expiresAt = new Date((payload.exp ?? 0) * 1000);
      if (!(await repo.markTokenUsed(sha256(idToken), expiresAt, clock())))
        throw new AppError(oidcErrorCodes.replayed, 401, 'This sign-in was already used. Start again.');
      const issuer = google ? GOOGLE_ISSUERS[0] : String(payload.iss);
      const user = await userFor(payload, issuer ?? String(payload.iss), input.referrer_id);
      return { user, session: await sessions.start(user.id, userAgent, ip) };
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
