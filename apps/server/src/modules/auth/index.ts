import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { type AuthRateLimitRules, createAuthLimiter, type RateLimitStore } from '../../http/rate-limit.js';
import type { SessionCookies } from '../../http/session.js';
import type { Mailer } from '../../mail/mailer.js';
import { createAccountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { createDeviceTokens, createSigninGuard } from './brute-force.js';
import { createCancellationReasonsRepository } from './cancellation-reasons.repository.js';
import { cancellationReasonsRoutes } from './cancellation-reasons.routes.js';
import { createContactRepository } from './contact.repository.js';
import { contactRoutes } from './contact.routes.js';
import { createContactService } from './contact.service.js';
import { createLicencesRepository } from './licences.repository.js';
import { licencesRoutes } from './licences.routes.js';
import { createLicencesService } from './licences.service.js';
import { createOidcRepository } from './oidc.repository.js';
import { oidcRoutes } from './oidc.routes.js';
import { createOidcService, type OidcSettings } from './oidc.service.js';
import { createOtpRepository } from './otp.repository.js';
import { createOtpService } from './otp.service.js';
import { createReferralsRepository } from './referrals.repository.js';
import { referralsRoutes } from './referrals.routes.js';
import { createReferralsService } from './referrals.service.js';
import type { SessionUserCache } from './session-cache.js';
import type { SessionService } from './sessions.service.js';
import type { UsersRepository } from './users.repository.js';
import { type AuthEndpoint, usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

export { createSessionUserCache } from './session-cache.js';
export { createSessionsRepository } from './sessions.repository.js';
export { createSessionService, type SessionService } from './sessions.service.js';
export { createUsersRepository, type UserRow, type UsersRepository } from './users.repository.js';

export interface AuthModuleOptions {
  db: Database;
  users: UsersRepository;
  sessions: SessionService;
  cookies: SessionCookies;
  mailer: Mailer;
  /** Key for the codes' HMAC (the JWT secret). */
  secret: string;
  otpTtlSeconds: number;
  otpResendCooldownSeconds: number;
  publicUrl: string;
  rateLimitRules: AuthRateLimitRules;
  rateLimitStore: RateLimitStore;
  clock: () => Date;
  /** Referral tokens credited to each side when a referred account verifies its e-mail. */
  referral: { referrerTokens: number; refereeTokens: number };
  /** Where contact requests are e-mailed. */
  contactEmailTo: string;
  /** The per-instance session cache, forgotten by the account screen's writes. */
  sessionCache: SessionUserCache<unknown>;
  /** HTTPS: the device cookie is Secure. */
  secureCookies: boolean;
  /** Sign-in with an OpenID Connect provider; off without a client id. */
  oidc: OidcSettings & { secureCookies: boolean };
}

const endpoints: AuthEndpoint[] = ['signup', 'signin', 'verifyAccount', 'resendOtp', 'forgotPassword', 'resetPassword'];

/** The auth service: accounts, e-mail codes, sessions (`/api/auth/`). */
export async function authModule(app: FastifyInstance, opts: AuthModuleOptions) {
  const otp = createOtpService({
    repo: createOtpRepository(opts.db),
    mailer: opts.mailer,
    hmacKey: opts.secret,
    ttlSeconds: opts.otpTtlSeconds,
    cooldownSeconds: opts.otpResendCooldownSeconds,
    publicUrl: opts.publicUrl,
    clock: opts.clock,
    log: app.log,
  });
  const referrals = createReferralsService({
    repo: createReferralsRepository(opts.db),
    hmacKey: opts.secret,
    referrerTokens: opts.referral.referrerTokens,
    refereeTokens: opts.referral.refereeTokens,
    clock: opts.clock,
    log: app.log,
  });
  const service = createUsersService({
    users: opts.users,
    otp,
    sessions: opts.sessions,
    clock: opts.clock,
    publicUrl: opts.publicUrl,
    referrals,
  });
  const limiters = Object.fromEntries(
    endpoints.map((endpoint) => [endpoint, createAuthLimiter(endpoint, opts.rateLimitRules, opts.rateLimitStore)]),
  ) as Record<AuthEndpoint, ReturnType<typeof createAuthLimiter>>;

  const signinGuard = createSigninGuard({
    rule: opts.rateLimitRules.perAccount,
    store: opts.rateLimitStore,
    devices: createDeviceTokens({ secret: opts.secret, clock: opts.clock }),
    secure: opts.secureCookies,
  });

  await app.register(usersRoutes, { service, sessions: opts.sessions, cookies: opts.cookies, limiters, signinGuard });
  await app.register(accountRoutes, {
    service: createAccountService({
      repo: createAccountRepository(opts.db, opts.sessionCache),
      users: opts.users,
      otp,
      sessions: opts.sessions,
      mailer: opts.mailer,
      publicUrl: opts.publicUrl,
      clock: opts.clock,
      log: app.log,
    }),
    sessions: opts.sessions,
    cookies: opts.cookies,
    signinGuard,
    limiters: {
      password: createAuthLimiter('accountPassword', opts.rateLimitRules, opts.rateLimitStore),
      code: createAuthLimiter('accountCode', opts.rateLimitRules, opts.rateLimitStore),
      send: createAuthLimiter('accountSend', opts.rateLimitRules, opts.rateLimitStore),
    },
  });
  const { secureCookies, ...oidcSettings } = opts.oidc;
  await app.register(oidcRoutes, {
    service: createOidcService({
      settings: oidcSettings,
      repo: createOidcRepository(opts.db),
      users: opts.users,
      usersService: service,
      sessions: opts.sessions,
      secret: opts.secret,
      clock: opts.clock,
    }),
    sessions: opts.sessions,
    cookies: opts.cookies,
    limiter: createAuthLimiter('oidc', opts.rateLimitRules, opts.rateLimitStore),
    signinGuard,
    secureCookies,
  });
  await app.register(licencesRoutes, {
    service: createLicencesService({ repo: createLicencesRepository(opts.db), clock: opts.clock }),
    limiter: createAuthLimiter('licenceActivation', opts.rateLimitRules, opts.rateLimitStore),
  });
  await app.register(referralsRoutes, { service: referrals });
  await app.register(contactRoutes, {
    service: createContactService({
      repo: createContactRepository(opts.db),
      mailer: opts.mailer,
      to: opts.contactEmailTo,
      publicUrl: opts.publicUrl,
      clock: opts.clock,
      log: app.log,
    }),
    limiter: createAuthLimiter('contact', opts.rateLimitRules, opts.rateLimitStore),
  });
  await app.register(cancellationReasonsRoutes, { repo: createCancellationReasonsRepository(opts.db) });
}

export { pruneAuthRows } from './maintenance.js';
