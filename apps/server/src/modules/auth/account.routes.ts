import {
  type AccountSessions,
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeVerifySchema,
  type Ok,
  profileUpdateSchema,
} from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { notFound, parseWith } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import type { SessionCookies } from '../../http/session.js';
import { type AccountService, describeDevice } from './account.service.js';
import type { SigninGuard } from './brute-force.js';
import type { SessionService } from './sessions.service.js';
import type { UserRow } from './users.repository.js';

export interface AccountRoutesOptions {
  service: AccountService;
  sessions: SessionService;
  cookies: SessionCookies;
  signinGuard: SigninGuard;
  limiters: {
    /** Checks of the current password (change password, delete account). */
    password: AuthLimiter;
    /** Code checks (e-mail change, delete account). */
    code: AuthLimiter;
    /** Codes sent (e-mail change, resend, delete code). */
    send: AuthLimiter;
  };
}

const ok: Ok = { ok: true };

/** The account screen (`/account`, profile tab): profile, e-mail change, password, sessions, deletion. */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const { service, sessions, cookies, limiters, signinGuard } = opts;
  const guarded = { preHandler: app.requireUser };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser<UserRow>(request);

  app.get('/account/profile', guarded, async (request) => service.profile(me(request).row));

  app.patch('/account/profile', guarded, async (request) => {
    const input = parseWith(profileUpdateSchema, request.body);
    const { row } = me(request);
    if (input.email.trim().toLowerCase() !== row.email) await limiters.send.consume(request, row.id);
    return service.updateProfile(row, input);
  });

  app.post('/account/email/verify', guarded, async (request) => {
    const input = parseWith(emailChangeVerifySchema, request.body);
    const { row } = me(request);
    await limiters.code.consume(request, row.id);
    return service.verifyEmailChange(row, input.code);
  });

  app.post('/account/email/resend', guarded, async (request) => {
    const { row } = me(request);
    await limiters.send.consume(request, row.id);
    return service.resendEmailChange(row);
  });

  app.post('/account/password', guarded, async (request) => {
    const input = parseWith(changePasswordSchema, request.body);
    const user = me(request);
    await limiters.password.consume(request, user.id);
    await service.changePassword(user.row, user.familyId, input);
    return ok;
  });

  app.get('/account/sessions', guarded, async (request): Promise<AccountSessions> => {
    const user = me(request);
    const items = await sessions.listOfUser(user.id);
    return {
      items: items
        .map((session) => ({
          id: session.familyId,
          device: describeDevice(session.userAgent),
          ip: session.ip,
          started_at: session.startedAt.toISOString(),
          last_active_at: session.lastActiveAt.toISOString(),
          current: session.familyId === user.familyId,
        }))
        // The current session first, then the most recently active.
        .sort((a, b) => Number(b.current) - Number(a.current) || b.last_active_at.localeCompare(a.last_active_at)),
    };
  });

  app.delete<{ Params: { id: string } }>('/account/sessions/:id', guarded, async (request, reply) => {
    const user = me(request);
    const { id } = request.params;
    if (!isUuid(id) || !(await sessions.endOneOfUser(user.id, id))) throw notFound('No such session');
    if (id === user.familyId) cookies.clear(reply);
    return ok;
  });

  app.post('/account/sessions/sign-out-everywhere', guarded, async (request, reply) => {
    await sessions.endAllOfUser(me(request).id);
    cookies.clear(reply);
    return ok;
  });

  app.post('/account/delete/code', guarded, async (request) => {
    const { row } = me(request);
    await limiters.send.consume(request, row.id);
    return service.sendDeleteCode(row);
  });

  app.post('/account/delete', guarded, async (request, reply) => {
    const input = parseWith(deleteAccountSchema, request.body);
    const { row } = me(request);
    await (row.passwordHash === null ? limiters.code : limiters.password).consume(request, row.id);
    await service.deleteAccount(row, input);
    cookies.clear(reply);
    signinGuard.clearDevice(reply);
    return ok;
  });
}
