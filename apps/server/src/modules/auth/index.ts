import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { type AuthRateLimitRules, createAuthLimiter, type RateLimitStore } from '../../http/rate-limit.js';
import type { SessionCookies } from '../../http/session.js';
import type { Mailer } from '../../mail/mailer.js';
import { createCancellationReasonsRepository } from './cancellation-reasons.repository.js';
import { cancellationReasonsRoutes } from './cancellation-reasons.routes.js';
import { createOtpRepository } from './otp.repository.js';
import { createOtpService } from './otp.service.js';
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
  const service = createUsersService({ users: opts.users, otp, sessions: opts.sessions, clock: opts.clock });
  const limiters = Object.fromEntries(
    endpoints.map((endpoint) => [endpoint, createAuthLimiter(endpoint, opts.rateLimitRules, opts.rateLimitStore)]),
  ) as Record<AuthEndpoint, ReturnType<typeof createAuthLimiter>>;

  await app.register(usersRoutes, { service, sessions: opts.sessions, cookies: opts.cookies, limiters });
  await app.register(cancellationReasonsRoutes, { repo: createCancellationReasonsRepository(opts.db) });
}

export { pruneAuthRows } from './maintenance.js';
