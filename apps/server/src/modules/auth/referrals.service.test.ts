import { errorBodySchema, referralSummarySchema, type UserInfo } from '@candor/contracts';
import { referralCredits, tokenAccounts, users } from '@candor/db';
import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newSignup, signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

const SUMMARY = '/api/auth/referrals/summary';

describeOnEachDatabase('referrals', (database) => {
  // Amounts are configurable: the defaults (500/500) are not what this suite expects.
  const t = useTestApp(database, { env: { REFERRAL_REFERRER_TOKENS: '700', REFERRAL_REFEREE_TOKENS: '300' } });
  const db = () => t().database.handle.db;

  async function referralBalance(userId: string) {
    const [row] = await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId));
    return row?.referralTokenBalance;
  }
  const credits = async () => (await db().select({ n: count() }).from(referralCredits))[0]?.n ?? 0;

  async function referrer(): Promise<{ client: TestClient; user: UserInfo }> {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    return { client, user };
  }

  it('credits both sides once when a referred account verifies its e-mail, and shows it in the summary', async () => {
    const a = await referrer();
    const before = await credits();
    const b = await signUpVerified(t(), t().client(), { referrer_id: a.user.referral_code });
    expect(await referralBalance(a.user.id)).toBe(700);
    expect(await referralBalance(b.user.id)).toBe(300);
    expect(await credits()).toBe(before + 1);
    const [credit] = await db().select().from(referralCredits).where(eq(referralCredits.refereeId, b.user.id));
    expect(credit).toMatchObject({ referrerId: a.user.id, referrerTokens: 700, refereeTokens: 300 });
    expect(credit?.refereeEmailHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(credit)).not.toContain(b.input.email);

    const summary = referralSummarySchema.parse((await a.client.get(SUMMARY)).json());
    expect(summary).toEqual({
      referral_code: a.user.referral_code,
      referrer_tokens: 700,
      referee_tokens: 300,
      credited_referrals: 1,
      tokens_earned: 700,
    });
  });

  it('keeps a verification whose referral credit fails in the database, crediting nothing', async () => {
    const a = await referrer();
    // A real failure inside the verification's transaction: the credit's table is gone for a moment.
    await db().execute(sql`alter table referral_credits rename to referral_credits_away`);
    try {
      const b = await signUpVerified(t(), t().client(), { referrer_id: a.user.referral_code });
      const [row] = await db().select().from(users).where(eq(users.id, b.user.id));
      expect(row?.isVerified).toBe(true);
      expect(await referralBalance(a.user.id)).toBe(0);
      expect(await referralBalance(b.user.id)).toBe(0);
    } finally {
      await db().execute(sql`alter table referral_credits_away rename to referral_credits`);
    }
  });

  it('never credits one e-mail twice, even after the account is deleted and signed up again', async () => {
    const a = await referrer();
    const email = newSignup().email;
    const first = await signUpVerified(t(), t().client(), { email, referrer_id: a.user.referral_code });
    expect(await referralBalance(a.user.id)).toBe(700);
    const before = await credits();

    await db().delete(users).where(eq(users.id, first.user.id));
    // Re-created with the same address, written differently: no second credit for anyone.
    const again = await signUpVerified(t(), t().client(), {
      email: email.toUpperCase(),
      referrer_id: a.user.referral_code,
    });
    expect(again.user.id).not.toBe(first.user.id);
    expect(await referralBalance(a.user.id)).toBe(700);
    expect(await referralBalance(again.user.id)).toBe(0);
    expect(await credits()).toBe(before);
  });

  it('never credits a user for their own code, and ignores unknown codes', async () => {
    // Unknown code: the sign-up works, nobody is credited.
    const before = await credits();
    const unknown = await signUpVerified(t(), t().client(), { referrer_id: 'NOSUCH42' });
    expect(await referralBalance(unknown.user.id)).toBe(0);

    // Own code: an account whose referral code is the one it signed up with.
    const client = await t().client().prime();
    const input = newSignup({ referrer_id: 'SELFCODE' });
    expect((await client.post('/api/auth/users/signup', input)).statusCode).toBe(201);
    await db().update(users).set({ referralCode: 'SELFCODE' }).where(eq(users.email, input.email));
    const code = await t().smtp.nextCode(input.email);
    const verify = await client.post('/api/auth/users/verify-account', { email: input.email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(await referralBalance(verify.json<UserInfo>().id)).toBe(0);
    expect(await credits()).toBe(before);
  });

  it('credits when a password reset verifies a referred account', async () => {
    const a = await referrer();
    const client = await t().client().prime();
    const input = newSignup({ referrer_id: a.user.referral_code.toLowerCase() });
    expect((await client.post('/api/auth/users/signup', input)).statusCode).toBe(201);
    await t().smtp.nextCode(input.email);
    // The verification code is never used: the reset proves the mailbox instead.
    const forgot = await client.post('/api/auth/users/forgot-password', { email: input.email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const code = await t().smtp.nextCode(input.email);
    const reset = await client.post('/api/auth/users/reset-password', {
      email: input.email,
      code,
      password: 'Engine43',
      confirm_password: 'Engine43',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    expect(user?.isVerified).toBe(true);
    expect(await referralBalance(a.user.id)).toBe(700);
    expect(await referralBalance(user?.id ?? '')).toBe(300);
  });

  it('shows the summary only to a signed-in user', async () => {
    const anonymous = await t().client().prime();
    const response = await anonymous.get(SUMMARY);
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('unauthenticated');
  });
});
