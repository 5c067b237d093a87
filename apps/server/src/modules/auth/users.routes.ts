import {
  authCookies,
  errorCodes,
  forgotPasswordRequestSchema,
  type Ok,
  resendOtpSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  verifyAccountSchema,
} from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { AppError, parseWith } from '../../http/errors.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import type { SessionCookies } from '../../http/session.js';
import type { SigninGuard } from './brute-force.js';
import type { SessionService } from './sessions.service.js';
import type { UserRow } from './users.repository.js';
import { toUserInfo, type UsersService } from './users.service.js';

export type AuthEndpoint = 'signup' | 'signin' | 'verifyAccount' | 'resendOtp' | 'forgotPassword' | 'resetPassword';

export interface UsersRoutesOptions {
  service: UsersService;
  sessions: SessionService;
  cookies: SessionCookies;
  limiters: Record<AuthEndpoint, AuthLimiter>;
  /** Per-account lock-out of unknown devices on sign-in (device cookies). */
  signinGuard: SigninGuard;
}

const ok: Ok = { ok: true };

export async function usersRoutes(app: FastifyInstance, opts: UsersRoutesOptions) {
  const { service, sessions, cookies, limiters, signinGuard } = opts;

  app.post('/users/signup', async (request, reply) => {
    const input = parseWith(signupSchema, request.body);
    await limiters.signup.consume(request, input.email);
    return reply.code(201).send(await service.signup(input));
  });

  app.post('/users/verify-account', async (request, reply) => {
    const input = parseWith(verifyAccountSchema, request.body);
    await limiters.verifyAccount.consume(request, input.email);
    const { user, session } = await service.verifyAccount(input, request.headers['user-agent'], request.ip);
    cookies.set(reply, session);
    signinGuard.issueDevice(reply, user.id, signinGuard.deviceOf(request, user.id));
    return toUserInfo(user);
  });

  app.post('/users/resend-otp', async (request) => {
    const input = parseWith(resendOtpSchema, request.body);
    await limiters.resendOtp.consume(request, input.email);
    return service.resendOtp(input.email);
  });

  app.post('/users/signin', async (request, reply) => {
    const input = parseWith(signinSchema, request.body);
    // Per IP here; per account the device-aware guard decides (an attacker's flood must not lock out the owner).
    await limiters.signin.consume(request);
    const attempt = await signinGuard.begin(
      request,
      input.email,
      async (identifier) => (await service.userByIdentifier(identifier))?.id,
    );
    let result: Awaited<ReturnType<typeof service.signin>>;
    try {
      result = await service.signin(input, request.headers['user-agent'], request.ip);
    } catch (error) {
      // A wrong password keeps its reserved attempt; anything else gives it back.
      if (!(error instanceof AppError && error.code === errorCodes.invalidCredentials))
        await signinGuard.notFailed(attempt);
      throw error;
    }
    const { user, session } = result;
    await signinGuard.succeeded(attempt, reply, user.id);
    // Signing in over an existing session replaces it rather than leaving it alive in the background.
    await sessions.end(request.cookies[authCookies.refresh], request.accessClaims);
    cookies.set(reply, session);
    return toUserInfo(user);
  });

  app.post('/users/refresh', { config: { csrf: 'refresh' } }, async (request, reply) => {
    try {
      cookies.set(
        reply,
        await sessions.refresh(request.cookies[authCookies.refresh], request.headers['user-agent'], request.ip),
      );
    } catch (error) {
      cookies.clear(reply);
      throw error;
    }
    return ok;
  });

  app.get('/users/info', { preHandler: app.requireUser }, async (request) =>
    toUserInfo(currentUser<UserRow>(request).row),
  );

  // No requireUser: signing out must work with an expired access token too.
  app.post('/users/logout', async (request, reply) => {
    await sessions.end(request.cookies[authCookies.refresh], request.accessClaims);
    cookies.clear(reply);
    return ok;
  });

  app.post('/users/forgot-password', async (request) => {
    const input = parseWith(forgotPasswordRequestSchema, request.body);
    await limiters.forgotPassword.consume(request, input.email);
    return service.forgotPassword(input);
  });

  app.post('/users/reset-password', async (request) => {
    const input = parseWith(resetPasswordSchema, request.body);
    await limiters.resetPassword.consume(request, input.email);
    await service.resetPassword(input);
    return ok;
  });
}
