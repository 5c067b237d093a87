import { randomUUID } from 'node:crypto';
import {
  accountSessionsSchema,
  authCookies,
  errorBodySchema,
  messages,
  profileSchema,
  profileUpdateResultSchema,
} from '@candor/contracts';
import { accountDeletionFeedback, emailOtps, referralCredits, refreshTokens, users } from '@candor/db';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

const PROFILE = '/api/auth/account/profile';
const EMAIL_VERIFY = '/api/auth/account/email/verify';
const EMAIL_RESEND = '/api/auth/account/email/resend';
const PASSWORD = '/api/auth/account/password';
const SESSIONS = '/api/auth/account/sessions';
const EVERYWHERE = '/api/auth/account/sessions/sign-out-everywhere';
const DELETE_CODE = '/api/auth/account/delete/code';
const DELETE = '/api/auth/account/delete';
const INFO = '/api/auth/users/info';
const SIGNIN = '/api/auth/users/signin';

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describeOnEachDatabase('the account screen', (database) => {
  const t = useTestApp(database, { env: { OTP_RESEND_COOLDOWN_SECONDS: '0' } });
  const db = () => t().database.handle.db;
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

  async function signedIn(overrides = {}) {
    const client = await t().client().prime();
    const { input, user } = await signUpVerified(t(), client, overrides);
    return { client, input, user };
  }

  async function secondSession(email: string, password: string, ip = '127.0.0.2'): Promise<TestClient> {
    const client = await t().client(ip).prime();
    const response = await client.post(
      SIGNIN,
      { email, password },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    return client;
  }

  it('shows and saves the profile with the spec messages; refuses CSRF failures and bad input without changes', async () => {
    const { client, user } = await signedIn();
    const profile = profileSchema.parse((await client.get(PROFILE)).json());
    expect(profile).toMatchObject({ has_password: true, pending_email: null, user: { id: user.id } });

    const empty = expectError(
      await client.request('PATCH', PROFILE, { full_name: ' ', email: '', category: '' }),
      400,
      'validation_failed',
    );
    expect(empty.details).toEqual(
      expect.arrayContaining([
        { path: 'full_name', message: messages.accountFullNameRequired },
        { path: 'email', message: messages.emailRequired },
        { path: 'category', message: messages.categoryRequired },
      ]),
    );
    const invalid = expectError(
      await client.request('PATCH', PROFILE, { full_name: 'A', email: 'nope', category: 'Student' }),
      400,
      'validation_failed',
    );
    expect(invalid.details).toEqual([{ path: 'email', message: messages.invalidEmail }]);
    expectError(await client.request('PATCH', PROFILE, {}), 400, 'validation_failed');
    expectError(
      await client.request('PATCH', PROFILE, { full_name: 'x'.repeat(10_000), email: user.email, category: 'Student' }),
      400,
      'validation_failed',
    );
    expectError(
      await client.request('PATCH', PROFILE, { full_name: 'B', email: user.email, category: 'Astronaut' }),
      400,
      'validation_failed',
    );
    expectError(
      await client.request('PATCH', PROFILE, '{not json', { headers: { 'content-type': 'application/json' } }),
      400,
      'bad_request',
    );

    const change = { full_name: 'Grace Hopper', email: user.email, category: 'Developer' };
    expectError(await client.request('PATCH', PROFILE, change, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.request('PATCH', PROFILE, change, { csrf: { value: 'forged' } }), 403, 'csrf_failed');
    expectError(await t().client().request('PATCH', PROFILE, change), 403, 'csrf_failed');
    expect(await userRow(user.id)).toMatchObject({ fullName: 'Ada Lovelace', category: null });

    const saved = profileUpdateResultSchema.parse((await client.request('PATCH', PROFILE, change)).json());
    expect(saved).toMatchObject({ email_change: null, user: { full_name: 'Grace Hopper', category: 'Developer' } });
    expect(await userRow(user.id)).toMatchObject({ fullName: 'Grace Hopper', category: 'Developer' });
    // The session cache forgot the user: the next request sees the new name at once.
    expect((await client.get(INFO)).json()).toMatchObject({ full_name: 'Grace Hopper' });
  });

  it('changes the e-mail only after the code sent to the new address; a taken address is answered alike, never changed', async () => {
    const { client, user, input } = await signedIn();
    const { input: other } = await signedIn();
    // Account enumeration (docs/product-decisions.md): a taken address gets the answer a free one gets, its owner a
    // notice instead of the code, and the change can never complete.
    const prober = (await signedIn()).client;
    const freeAddress = `free.${randomUUID().slice(0, 8)}@example.test`;
    const free = await prober.request('PATCH', PROFILE, { full_name: 'Eve', email: freeAddress, category: 'Student' });
    const taken = await client.request('PATCH', PROFILE, {
      full_name: 'Ada',
      email: other.email.toUpperCase(),
      category: 'Writer/Content creator',
    });
    expect(taken.statusCode).toBe(free.statusCode);
    const takenChange = profileUpdateResultSchema.parse(taken.json()).email_change;
    const freeChange = profileUpdateResultSchema.parse(free.json()).email_change;
    expect({ ...takenChange, email: 'x' }).toEqual({ ...freeChange, email: 'x' });
    expect(takenChange?.email).toBe(other.email.toLowerCase());
    expect(profileSchema.parse((await client.get(PROFILE)).json()).pending_email).toBe(other.email.toLowerCase());
    const takenNotice = await t().smtp.nextMail(other.email);
    expect(takenNotice.subject).toBe('Your address was offered for another Candor account');
    expect(takenNotice.text).not.toMatch(/\b\d{6}\b/);
    expectError(await client.post(EMAIL_VERIFY, { code: '000000' }), 400, 'otp_invalid');
    expect((await userRow(user.id))?.email).toBe(user.email);

    const newEmail = `new.${randomUUID().slice(0, 8)}@example.test`;
    const patch = await client.request('PATCH', PROFILE, { full_name: 'Ada', email: newEmail, category: 'Student' });
    const result = profileUpdateResultSchema.parse(patch.json());
    expect(result.email_change).toMatchObject({ email: newEmail });
    expect(result.user.email).toBe(user.email);
    const mail = await t().smtp.nextMail(newEmail);
    expect(mail.subject).toBe('Confirm your new Candor e-mail address');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect((await userRow(user.id))?.email).toBe(user.email);
    const [stored] = await db().select().from(emailOtps).where(eq(emailOtps.targetEmail, newEmail));
    expect(stored).toMatchObject({ purpose: 'change_email', userId: user.id });
    expect(profileSchema.parse((await client.get(PROFILE)).json()).pending_email).toBe(newEmail);

    expectError(await client.post(EMAIL_VERIFY, { code: 'abc' }), 400, 'validation_failed');
    expectError(await client.post(EMAIL_VERIFY, { code }, { csrf: 'none' }), 403, 'csrf_failed');
    const wrong = expectError(await client.post(EMAIL_VERIFY, { code: otherCode(code) }), 400, 'otp_invalid');
    expect(wrong.details).toEqual({ attempts_left: 4 });
    // Another user can't use the code: it belongs to this account.
    const { client: stranger } = await signedIn();
    expectError(await stranger.post(EMAIL_VERIFY, { code }), 400, 'otp_invalid');
    expect((await userRow(user.id))?.email).toBe(user.email);

    // A resend replaces the code.
    expect((await client.post(EMAIL_RESEND)).statusCode).toBe(200);
    const code2 = await t().smtp.nextCode(newEmail);
    expectError(await stranger.post(EMAIL_RESEND), 404, 'not_found');

    const verified = await client.post(EMAIL_VERIFY, { code: code2 });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(profileSchema.parse(verified.json())).toMatchObject({ pending_email: null, user: { email: newEmail } });
    expect((await userRow(user.id))?.email).toBe(newEmail);
    const notice = await t().smtp.nextMail(user.email);
    expect(notice.subject).toBe('The e-mail address of your Candor account was changed');
    expect(notice.text).toContain(newEmail);
    expectError(await client.post(EMAIL_VERIFY, { code: code2 }), 400, 'otp_invalid');
    // Sign-in works with the new address only.
    const fresh = await t().client('127.0.0.9').prime();
    expect((await fresh.post(SIGNIN, { email: user.email, password: input.password })).statusCode).toBe(401);
    expect((await fresh.post(SIGNIN, { email: newEmail, password: input.password })).statusCode).toBe(200);
  });

  it('changes the password with the spec messages and signs out every other session', async () => {
    const { client, input, user } = await signedIn();
    const other = await secondSession(input.email, input.password);
    const empty = expectError(await client.post(PASSWORD, {}), 400, 'validation_failed');
    expect(empty.details).toEqual([
      { path: 'current_password', message: messages.currentPasswordRequired },
      { path: 'new_password', message: messages.newPasswordRequired },
      { path: 'new_password_confirm', message: messages.confirmPasswordRequired },
    ]);
    const mismatch = expectError(
      await client.post(PASSWORD, {
        current_password: input.password,
        new_password: 'Better77',
        new_password_confirm: 'Better78',
      }),
      400,
      'validation_failed',
    );
    expect(mismatch.details).toEqual([{ path: 'new_password_confirm', message: messages.passwordsDontMatch }]);
    const weak = expectError(
      await client.post(PASSWORD, {
        current_password: input.password,
        new_password: 'weak',
        new_password_confirm: 'weak',
      }),
      400,
      'validation_failed',
    );
    expect(weak.details).toEqual([{ path: 'new_password', message: messages.passwordPattern }]);
    expectError(
      await client.post(PASSWORD, {
        current_password: 'x'.repeat(500),
        new_password: 'Better77',
        new_password_confirm: 'Better77',
      }),
      400,
      'validation_failed',
    );
    const hashBefore = (await userRow(user.id))?.passwordHash;

    const body = { current_password: 'Wrong123', new_password: 'Better77', new_password_confirm: 'Better77' };
    const wrong = expectError(await client.post(PASSWORD, body), 400, 'validation_failed');
    expect(wrong.details).toEqual([{ path: 'current_password', message: 'The current password is not correct' }]);
    const right = { ...body, current_password: input.password };
    expectError(await client.post(PASSWORD, right, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await t().client().post(PASSWORD, right), 403, 'csrf_failed');
    expect((await userRow(user.id))?.passwordHash).toBe(hashBefore);
    expect((await other.get(INFO)).statusCode).toBe(200);

    expect((await client.post(PASSWORD, right)).statusCode).toBe(200);
    expect((await userRow(user.id))?.passwordHash).not.toBe(hashBefore);
    expect((await client.get(INFO)).statusCode).toBe(200);
    expectError(await other.get(INFO), 401, 'unauthenticated');
    expect((await other.post('/api/auth/users/refresh')).statusCode).toBe(401);
    // The current session survives a refresh too.
    expect((await client.post('/api/auth/users/refresh')).statusCode).toBe(200);
    const again = await t().client('127.0.0.3').prime();
    expect((await again.post(SIGNIN, { email: input.email, password: input.password })).statusCode).toBe(401);
    expect((await again.post(SIGNIN, { email: input.email, password: 'Better77' })).statusCode).toBe(200);
  });

  it('lists sessions, ends one (never another user’s) and signs out everywhere', async () => {
    const { client, input } = await signedIn();
    const other = await secondSession(input.email, input.password, '203.0.113.7');
    const list = accountSessionsSchema.parse((await client.get(SESSIONS)).json());
    expect(list.items).toHaveLength(2);
    expect(list.items[0]?.current).toBe(true);
    // The session that verifying the e-mail started records its address like a sign-in does.
    expect(list.items[0]?.ip).toBe('127.0.0.1');
    const theirs = list.items[1];
    expect(theirs).toMatchObject({ current: false, device: 'Firefox on Linux', ip: '203.0.113.7' });
    expect(accountSessionsSchema.parse((await other.get(SESSIONS)).json()).items.find((s) => s.current)?.id).toBe(
      theirs?.id,
    );

    const { client: stranger } = await signedIn();
    expectError(await stranger.request('DELETE', `${SESSIONS}/${theirs?.id}`), 404, 'not_found');
    expectError(await client.request('DELETE', `${SESSIONS}/not-a-uuid`), 404, 'not_found');
    expectError(await client.request('DELETE', `${SESSIONS}/${randomUUID()}`), 404, 'not_found');
    expectError(
      await client.request('DELETE', `${SESSIONS}/${theirs?.id}`, undefined, { csrf: 'none' }),
      403,
      'csrf_failed',
    );
    expect((await other.get(INFO)).statusCode).toBe(200);

    expect((await client.request('DELETE', `${SESSIONS}/${theirs?.id}`)).statusCode).toBe(200);
    expectError(await other.get(INFO), 401, 'unauthenticated');
    expect(accountSessionsSchema.parse((await client.get(SESSIONS)).json()).items).toHaveLength(1);

    const third = await secondSession(input.email, input.password);
    expectError(await client.post(EVERYWHERE, undefined, { csrf: 'none' }), 403, 'csrf_failed');
    expect((await third.get(INFO)).statusCode).toBe(200);
    const everywhere = await client.post(EVERYWHERE);
    expect(everywhere.statusCode).toBe(200);
    expect(client.jar.has(authCookies.access)).toBe(false);
    expectError(await third.get(INFO), 401, 'unauthenticated');
    expect((await stranger.get(INFO)).statusCode).toBe(200);
  });

  /** Every text or JSON value in the public schema that contains `needle` (case-insensitive). */
  async function rowsMentioning(needle: string): Promise<string[]> {
    const query = async <T>(statement: ReturnType<typeof sql>) =>
      ((await db().execute(statement)) as unknown as { rows: T[] }).rows;
    const columns = await query<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const result = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
      );
      if ((result[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  it('deletes the account in one go, keeps anonymous feedback only, and signs the user out', async () => {
    const fullName = `Zelda ${randomUUID().slice(0, 8)}`;
    const { client, input, user } = await signedIn({ full_name: fullName });
    const other = await secondSession(input.email, input.password);
    const { user: friend } = await signedIn();
    const hmac = randomUUID().replaceAll('-', '');
    await db().insert(referralCredits).values({
      refereeEmailHmac: hmac,
      referrerId: friend.id,
      refereeId: user.id,
      referrerTokens: 5,
      refereeTokens: 5,
    });
    const feedbackBefore = (await db().select().from(accountDeletionFeedback)).length;

    const body = { reason_ids: [1, 4], message: 'Found another tool.', password: input.password };
    expectError(await client.post(DELETE, body, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.post(DELETE, { ...body, password: 'Wrong123' }), 400, 'validation_failed');
    expectError(await client.post(DELETE, { ...body, password: undefined }), 400, 'validation_failed');
    expectError(await client.post(DELETE, { ...body, reason_ids: [999] }), 400, 'validation_failed');
    expectError(await client.post(DELETE, { ...body, reason_ids: ['x'] }), 400, 'validation_failed');
    expectError(await client.post(DELETE, { ...body, message: 'x'.repeat(5_000) }), 400, 'validation_failed');
    expectError(await stranger(client), 400, 'validation_failed');
    expect(await userRow(user.id)).toBeDefined();
    expect((await db().select().from(accountDeletionFeedback)).length).toBe(feedbackBefore);

    const deleted = await client.post(DELETE, body);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(client.jar.has(authCookies.access)).toBe(false);
    expect(client.jar.has('device_token')).toBe(false);
    expect(await userRow(user.id)).toBeUndefined();
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(0);
    const feedback = await db().select().from(accountDeletionFeedback);
    expect(feedback).toHaveLength(feedbackBefore + 1);
    expect(feedback.at(-1)).toMatchObject({ reasonIds: [1, 4], message: 'Found another tool.' });
    const [credit] = await db().select().from(referralCredits).where(eq(referralCredits.refereeEmailHmac, hmac));
    expect(credit).toMatchObject({ refereeId: null, referrerId: friend.id });

    expect(await rowsMentioning(user.email)).toEqual([]);
    expect(await rowsMentioning(fullName)).toEqual([]);
    expect(await rowsMentioning(user.username)).toEqual([]);
    expect(await rowsMentioning(user.id)).toEqual([]);

    expectError(await other.get(INFO), 401, 'unauthenticated');
    const fresh = await t().client('127.0.0.4').prime();
    expectError(await fresh.post(SIGNIN, { email: input.email, password: input.password }), 401, 'invalid_credentials');
  });

  /** A body that is right for someone else: the account's own password is what counts. */
  async function stranger(client: TestClient) {
    return client.post(DELETE, { reason_ids: [], password: 'Engine42x' });
  }

  it('lets an account without a password delete itself with an e-mailed code', async () => {
    const { client, user } = await signedIn();
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect(profileSchema.parse((await client.get(PROFILE)).json()).has_password).toBe(false);
    expectError(
      await client.post(PASSWORD, {
        current_password: 'x',
        new_password: 'Better77',
        new_password_confirm: 'Better77',
      }),
      400,
      'bad_request',
    );
    expectError(await client.post(DELETE, { reason_ids: [2], password: 'Anything1' }), 400, 'validation_failed');
    expectError(await client.post(DELETE_CODE, undefined, { csrf: 'none' }), 403, 'csrf_failed');
    expect((await client.post(DELETE_CODE)).statusCode).toBe(200);
    const code = await t().smtp.nextCode(user.email);
    expectError(await client.post(DELETE, { reason_ids: [2], code: otherCode(code) }), 400, 'otp_invalid');
    expect(await userRow(user.id)).toBeDefined();
    expect((await client.post(DELETE, { reason_ids: [2], code })).statusCode).toBe(200);
    expect(await userRow(user.id)).toBeUndefined();
  });
});
