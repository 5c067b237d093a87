import {
  authCookies,
  cancellationReasonsSchema,
  errorBodySchema,
  messages,
  okSchema,
  otpSentSchema,
  userInfoSchema,
} from '@candor/contracts';
import { emailOtps, refreshTokens, subscriptions, tokenAccounts, users } from '@candor/db';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { newSignup, signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

const SIGNUP = '/api/auth/users/signup';
const VERIFY = '/api/auth/users/verify-account';
const RESEND = '/api/auth/users/resend-otp';
const SIGNIN = '/api/auth/users/signin';
const REFRESH = '/api/auth/users/refresh';
const INFO = '/api/auth/users/info';
const LOGOUT = '/api/auth/users/logout';
const FORGOT = '/api/auth/users/forgot-password';
const RESET = '/api/auth/users/reset-password';

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}

function cookieAttributes(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return cookie;
}

describeOnEachDatabase('accounts and sessions', (database) => {
  const t = useTestApp(database);
  const db = () => t().database.handle.db;

  /** Moves every code of `email` back in time so the resend cool-down is over. */
  async function endCooldown(email: string) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    await db()
      .update(emailOtps)
      .set({ createdAt: sql`${emailOtps.createdAt} - interval '1 hour'` })
      .where(eq(emailOtps.userId, user.id));
    return user;
  }

  async function signupPending(client: TestClient, overrides = {}) {
    const input = newSignup(overrides);
    await client.prime();
    const response = await client.post(SIGNUP, input);
    expect(response.statusCode, response.body).toBe(201);
    return { input, code: await t().smtp.nextCode(input.email) };
  }

  it('signs up, verifies by e-mail, signs out and in, rotates refresh tokens and ends the family on reuse', async () => {
    const client = await t().client().prime();
    const input = newSignup({ email: '  Grace.Hopper@Example.TEST ' });
    const email = 'grace.hopper@example.test';

    const signup = await client.post(SIGNUP, input);
    expect(signup.statusCode).toBe(201);
    expect(otpSentSchema.parse(signup.json())).toEqual({ email, resend_after: 60, expires_in: 600 });

    const mail = await t().smtp.nextMail(email);
    expect(mail.subject).toBe('Your Candor verification code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain(code);

    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isVerified: false, username: 'grace.hopper', referredByCode: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.referralCode).toMatch(/^[A-Z2-7]{8}$/);
    const userId = row?.id ?? '';
    const [account] = await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId));
    expect(account).toMatchObject({ planBalance: 2000, tokenBalance: 0, referralTokenBalance: 0 });
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const days = ((subscription?.expiresAt?.getTime() ?? 0) - (subscription?.startedAt.getTime() ?? 0)) / 86_400_000;
    expect(subscription?.status).toBe('active');
    expect(days).toBeCloseTo(14, 5);
    const [stored] = await db().select().from(emailOtps).where(eq(emailOtps.userId, userId));
    expect(stored?.codeHash).not.toContain(code);

    expectError(await client.get(INFO), 401, 'unauthenticated');

    const verify = await client.post(VERIFY, { email: input.email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    const info = userInfoSchema.parse(verify.json());
    expect(info).toMatchObject({ email, full_name: 'Ada Lovelace', is_verified: true, category: null });
    for (const name of [authCookies.access, authCookies.refresh]) {
      expect(cookieAttributes(verify, name)).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookieAttributes(verify, name).secure).toBeFalsy();
    }
    for (const name of [authCookies.csrfAccess, authCookies.csrfRefresh]) {
      expect(cookieAttributes(verify, name).httpOnly).toBeFalsy();
    }

    expect(userInfoSchema.parse((await client.get(INFO)).json())).toEqual(info);
    const beforeLogout = client.clone();

    const logout = await client.post(LOGOUT);
    expect(okSchema.parse(logout.json())).toEqual({ ok: true });
    expect(client.jar.has(authCookies.access)).toBe(false);
    expect(client.jar.has(authCookies.refresh)).toBe(false);
    expect(client.jar.has(authCookies.csrfRefresh)).toBe(false);
    expect(client.jar.has(authCookies.csrfAccess)).toBe(true);
    expectError(await client.get(INFO), 401, 'unauthenticated');
    // The copy taken before signing out is dead too: its session family was revoked.
    expectError(await beforeLogout.get(INFO), 401, 'unauthenticated');

    const signin = await client.post(SIGNIN, { email, password: input.password });
    expect(signin.statusCode, signin.body).toBe(200);
    expect(userInfoSchema.parse(signin.json()).id).toBe(info.id);
    expect((await client.get(INFO)).statusCode).toBe(200);

    const stolen = client.clone();
    const firstRefresh = client.jar.get(authCookies.refresh);
    const refreshed = await client.post(REFRESH);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toEqual({ ok: true });
    expect(client.jar.get(authCookies.refresh)).not.toBe(firstRefresh);
    expect(client.jar.get(authCookies.csrfRefresh)).not.toBe(stolen.jar.get(authCookies.csrfRefresh));
    expect((await client.get(INFO)).statusCode).toBe(200);

    // The rotated token comes back: the whole family ends, the newer token included.
    const replay = await stolen.post(REFRESH);
    expectError(replay, 401, 'refresh_token_reused');
    expect(stolen.jar.has(authCookies.refresh)).toBe(false);
    expectError(await client.post(REFRESH), 401, 'refresh_token_reused');
    expectError(await client.get(INFO), 401, 'unauthenticated');
    const family = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
    expect(family.length).toBeGreaterThanOrEqual(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);

    expect((await client.post(LOGOUT)).statusCode).toBe(200);
  });

  it('signs in with the username as well as the e-mail, ignoring case', async () => {
    const { input, user } = await signUpVerified(t(), t().client(), { email: 'Linus.T@Example.test' });
    const byUsername = await (await t().client().prime()).post(SIGNIN, {
      email: user.username.toUpperCase(),
      password: input.password,
    });
    expect(byUsername.statusCode, byUsername.body).toBe(200);
    const byEmail = await (await t().client().prime()).post(SIGNIN, {
      email: 'LINUS.T@example.TEST',
      password: input.password,
    });
    expect(byEmail.statusCode).toBe(200);
  });

  it('gives a second account with the same local part a numbered username', async () => {
    const first = await signUpVerified(t(), t().client(), { email: 'margaret@one.test' });
    const second = await signUpVerified(t(), t().client(), { email: 'margaret@two.test' });
    expect(first.user.username).toBe('margaret');
    expect(second.user.username).toBe('margaret2');
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const { input } = await signUpVerified(t(), t().client());
    const client = await t().client().prime();
    const wrong = expectError(
      await client.post(SIGNIN, { email: input.email, password: 'Wrong999' }),
      401,
      'invalid_credentials',
    );
    const unknown = expectError(
      await client.post(SIGNIN, { email: 'nobody@example.test', password: 'Wrong999' }),
      401,
      'invalid_credentials',
    );
    expect(wrong.message).toBe('Incorrect email/username or password');
    expect(unknown).toEqual(wrong);
    expect(client.jar.has(authCookies.access)).toBe(false);
  });

  it('answers an unverified sign-in with 403 and mails a fresh code that replaces the old one', async () => {
    const client = t().client();
    const { input, code: oldCode } = await signupPending(client);
    const email = input.email.toLowerCase();

    // Within the cool-down nothing new is sent, but the answer is the same.
    const early = expectError(
      await client.post(SIGNIN, { email, password: input.password }),
      403,
      'account_not_verified',
    );
    expect(early.details).toEqual({ email });
    expect(t().smtp.pending(email)).toHaveLength(0);

    await endCooldown(email);
    expectError(await client.post(SIGNIN, { email, password: input.password }), 403, 'account_not_verified');
    const newCode = await t().smtp.nextCode(email);
    expect(client.jar.has(authCookies.access)).toBe(false);

    // A wrong password never reveals that the account is unverified.
    expectError(await client.post(SIGNIN, { email, password: 'Wrong999' }), 401, 'invalid_credentials');

    if (oldCode !== newCode) expectError(await client.post(VERIFY, { email, code: oldCode }), 400, 'otp_invalid');
    expect((await client.post(VERIFY, { email, code: newCode })).statusCode).toBe(200);
  });

  it('counts wrong codes down and kills the code after the fifth', async () => {
    const client = t().client();
    const { input, code } = await signupPending(client);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const error = expectError(await client.post(VERIFY, { email: input.email, code: wrong }), 400, 'otp_invalid');
      expect(error.details).toEqual({ attempts_left: left });
    }
    expectError(await client.post(VERIFY, { email: input.email, code: wrong }), 400, 'otp_exhausted');
    expectError(await client.post(VERIFY, { email: input.email, code }), 400, 'otp_exhausted');

    await endCooldown(input.email.toLowerCase());
    expect((await client.post(RESEND, { email: input.email })).statusCode).toBe(200);
    const fresh = await t().smtp.nextCode(input.email);
    expect((await client.post(VERIFY, { email: input.email, code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code without spending a try', async () => {
    const client = t().client();
    const { input, code } = await signupPending(client);
    const user = await endCooldown(input.email.toLowerCase());
    await db()
      .update(emailOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailOtps.userId, user.id));
    expectError(await client.post(VERIFY, { email: input.email, code }), 400, 'otp_expired');
    const [otp] = await db().select().from(emailOtps).where(eq(emailOtps.userId, user.id));
    expect(otp?.attempts).toBe(0);
    expect(otp?.consumedAt).toBeNull();
  });

  it('holds code resends to the cool-down with 429 and Retry-After', async () => {
    const client = t().client();
    const { input } = await signupPending(client);
    const response = await client.post(RESEND, { email: input.email });
    const error = expectError(response, 429, 'otp_cooldown');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.details).toEqual({ retry_after: retryAfter });
    expect(t().smtp.pending(input.email)).toHaveLength(0);
  });

  it('answers resend for unknown and already verified addresses like any other, sending nothing', async () => {
    const client = await t().client().prime();
    const { input } = await signUpVerified(t(), t().client());
    for (const email of ['nobody.here@example.test', input.email]) {
      const response = await client.post(RESEND, { email });
      expect(response.statusCode).toBe(200);
      expect(otpSentSchema.parse(response.json())).toEqual({
        email: email.toLowerCase(),
        resend_after: 60,
        expires_in: 600,
      });
      expect(t().smtp.pending(email)).toHaveLength(0);
    }
  });

  it('lets a repeated sign-up of an unverified address update it; a verified one is answered alike and its owner told', async () => {
    const client = t().client();
    const { input, code } = await signupPending(client, { full_name: 'First Name' });
    const again = await client.post(SIGNUP, { ...input, full_name: 'Second Name', password: 'Changed99' });
    expect(again.statusCode).toBe(201);
    // Still in the cool-down: no new mail, and the first code stays good.
    expect(otpSentSchema.parse(again.json()).resend_after).toBeGreaterThan(0);
    expect(t().smtp.pending(input.email)).toHaveLength(0);
    const verified = await client.post(VERIFY, { email: input.email, code });
    expect(userInfoSchema.parse(verified.json()).full_name).toBe('Second Name');

    // Account enumeration (docs/product-decisions.md): the answer is a new address's, word for word. (The code of
    // the sign-up above is spent; its cool-down is over by the time anyone would try.)
    const [owner] = await db().select().from(users).where(eq(users.email, input.email.toLowerCase()));
    await db()
      .delete(emailOtps)
      .where(eq(emailOtps.userId, owner?.id ?? ''));
    const other = await t().client().prime();
    const fresh = await other.post(SIGNUP, newSignup());
    const repeated = await other.post(SIGNUP, input);
    expect(repeated.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const { email: _freshEmail, ...freshBody } = otpSentSchema.parse(fresh.json());
    const { email: repeatedEmail, ...repeatedBody } = otpSentSchema.parse(repeated.json());
    expect(repeatedEmail).toBe(input.email.toLowerCase());
    expect(repeatedBody).toEqual(freshBody);
    // The owner gets a notice, not a code, and nothing of the account changed.
    const notice = await t().smtp.nextMail(input.email);
    expect(notice.subject).toBe('You already have a Candor account');
    expect(notice.text).toContain('Forgot password');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expectError(await other.post(SIGNIN, { email: input.email, password: input.password }), 401, 'invalid_credentials');
    expect((await other.post(SIGNIN, { email: input.email, password: 'Changed99' })).statusCode).toBe(200);
    // Again within the cool-down: the same answer as a pending address's, and no second notice.
    const third = await other.post(SIGNUP, input);
    expect(third.statusCode).toBe(201);
    expect(otpSentSchema.parse(third.json()).resend_after).toBeGreaterThan(0);
    expect(t().smtp.pending(input.email)).toHaveLength(0);
    // Verifying it answers as a wrong code on a pending account would, never "already verified".
    const wrong = expectError(await other.post(VERIFY, { email: input.email, code }), 400, 'otp_invalid');
    expect(wrong.details).toEqual({ attempts_left: 4 });
  });

  it('keeps the referral code a user signed up with', async () => {
    const { input } = await signUpVerified(t(), t().client(), { referrer_id: 'FRIEND42' });
    const [row] = await db().select().from(users).where(eq(users.email, input.email.toLowerCase()));
    expect(row?.referredByCode).toBe('FRIEND42');
  });

  it('resets a forgotten password: every old session ends, the new password works and the old one not', async () => {
    const laptop = t().client();
    const { input } = await signUpVerified(t(), laptop);
    const phone = await t().client().prime();
    expect((await phone.post(SIGNIN, { email: input.email, password: input.password })).statusCode).toBe(200);

    const anonymous = await t().client().prime();
    const forgot = await anonymous.post(FORGOT, { email: input.email });
    expect(forgot.statusCode).toBe(200);
    expect(otpSentSchema.parse(forgot.json()).email).toBe(input.email.toLowerCase());
    const mail = await t().smtp.nextMail(input.email);
    expect(mail.subject).toBe('Your Candor password reset code');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

    const mismatch = expectError(
      await anonymous.post(RESET, { email: input.email, code, password: 'Brand9New', confirm_password: 'Other9New' }),
      400,
      'validation_failed',
    );
    expect(mismatch.details).toEqual([{ path: 'confirm_password', message: messages.passwordsDontMatch }]);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expectError(
      await anonymous.post(RESET, {
        email: input.email,
        code: wrongCode,
        password: 'Brand9New',
        confirm_password: 'Brand9New',
      }),
      400,
      'otp_invalid',
    );

    const reset = await anonymous.post(RESET, {
      email: input.email,
      code,
      password: 'Brand9New',
      confirm_password: 'Brand9New',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ ok: true });

    for (const device of [laptop, phone]) {
      expectError(await device.get(INFO), 401, 'unauthenticated');
      expectError(await device.post(REFRESH), 401, 'refresh_token_reused');
    }
    // The code is spent.
    expectError(
      await anonymous.post(RESET, { email: input.email, code, password: 'Again9New', confirm_password: 'Again9New' }),
      400,
      'otp_invalid',
    );
    expectError(
      await anonymous.post(SIGNIN, { email: input.email, password: input.password }),
      401,
      'invalid_credentials',
    );
    expect((await anonymous.post(SIGNIN, { email: input.email, password: 'Brand9New' })).statusCode).toBe(200);
  });

  it('answers forgot-password the same for unknown addresses and sends nothing', async () => {
    const client = await t().client().prime();
    const response = await client.post(FORGOT, { email: 'Ghost@Example.test' });
    expect(response.statusCode).toBe(200);
    expect(otpSentSchema.parse(response.json())).toEqual({
      email: 'ghost@example.test',
      resend_after: 60,
      expires_in: 600,
    });
    expect(t().smtp.pending('ghost@example.test')).toHaveLength(0);
  });

  it('verifies an unverified account through a password reset, since it proves the mailbox', async () => {
    const client = t().client();
    const { input } = await signupPending(client);
    await endCooldown(input.email.toLowerCase());
    expect((await client.post(FORGOT, { email: input.email })).statusCode).toBe(200);
    const code = await t().smtp.nextCode(input.email);
    const reset = await client.post(RESET, {
      email: input.email,
      code,
      password: 'Fresh1Pass',
      confirm_password: 'Fresh1Pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await client.post(SIGNIN, { email: input.email, password: 'Fresh1Pass' })).statusCode).toBe(200);
  });

  it('stores SQL and HTML in a name verbatim and returns it as plain data', async () => {
    for (const name of ["'); DROP TABLE users;--", '<img src=x onerror=alert(1)>']) {
      const { user } = await signUpVerified(t(), t().client(), { full_name: name });
      expect(user.full_name).toBe(name);
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row?.fullName).toBe(name);
    }
    const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(users);
    expect(n).toBeGreaterThan(0);
  });

  it('rejects missing fields and wrong types with the contract messages and changes nothing', async () => {
    const client = await t().client().prime();
    const [before] = await db().select({ n: count() }).from(users);

    const empty = expectError(
      await client.post(SIGNUP, { full_name: '', email: '', password: '', terms_conditions_aggreed: false }),
      400,
      'validation_failed',
    );
    expect(empty.details).toEqual(
      expect.arrayContaining([
        { path: 'full_name', message: messages.fullNameRequired },
        { path: 'email', message: messages.emailOrUsernameRequired },
        { path: 'password', message: messages.passwordRequired },
        { path: 'terms_conditions_aggreed', message: messages.termsRequired },
      ]),
    );
    // Fields left out altogether read the same as empty ones.
    const missing = expectError(await client.post(SIGNUP, {}), 400, 'validation_failed');
    expect(missing.details).toEqual([
      { path: 'full_name', message: messages.fullNameRequired },
      { path: 'email', message: messages.emailOrUsernameRequired },
      { path: 'password', message: messages.passwordRequired },
      { path: 'terms_conditions_aggreed', message: messages.termsRequired },
    ]);
    const weak = expectError(
      await client.post(SIGNUP, { ...newSignup(), password: 'weakpass' }),
      400,
      'validation_failed',
    );
    expect(weak.details).toEqual([{ path: 'password', message: messages.passwordPattern }]);

    const bodies: unknown[] = [
      {},
      { full_name: 42, email: ['a@b.test'], password: true, terms_conditions_aggreed: 'yes' },
      { ...newSignup(), terms_conditions_aggreed: 'true' },
      { ...newSignup(), email: 'not-an-email' },
      [newSignup()],
      'null',
    ];
    for (const body of bodies) {
      const response = await client.post(SIGNUP, body, { headers: { 'content-type': 'application/json' } });
      const error = expectError(response, 400, 'validation_failed');
      expect(Array.isArray(error.details)).toBe(true);
    }
    const noBody = await client.post(SIGNUP);
    expectError(noBody, 400, 'validation_failed');

    const signin = expectError(await client.post(SIGNIN, { email: '', password: '' }), 400, 'validation_failed');
    expect(signin.details).toEqual([
      { path: 'email', message: messages.emailOrUsernameRequired },
      { path: 'password', message: messages.passwordRequired },
    ]);
    const verify = expectError(await client.post(VERIFY, { email: 'x', code: '' }), 400, 'validation_failed');
    expect(verify.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: messages.validEmailRequired },
        { path: 'code', message: messages.otpRequired },
      ]),
    );

    const [after] = await db().select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('lists the cancellation reasons of a source in display order', async () => {
    const response = await t().client().get('/api/auth/services/cancellation-reasons/?source=account_delete');
    expect(response.statusCode).toBe(200);
    const { items } = cancellationReasonsSchema.parse(response.json());
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items.every((i) => i.source === 'account_delete')).toBe(true);
    const none = await t().client().get('/api/auth/services/cancellation-reasons?source=nothing');
    expect(none.json()).toEqual({ items: [] });
  });
});
