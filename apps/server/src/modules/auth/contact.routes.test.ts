import { CONTACT_APPEAL_TYPE, contactRequestCreatedSchema, errorBodySchema, messages } from '@candor/contracts';
import { contactRequests } from '@candor/db';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { signUpVerified, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

const CONTACT = '/api/auth/contact-requests';
const TEAM = 'sales@candor.test';

const validRequest = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Ada Lovelace',
  email: 'ada@example.test',
  company: 'Analytical Engines Ltd',
  message: 'We would like a demo for 40 editors.',
  phone_number: '+44 2079460958',
  appeal_type: CONTACT_APPEAL_TYPE,
  source: 'pricing',
  ...overrides,
});

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}

describeOnEachDatabase('contact requests', (database) => {
  const t = useTestApp(database, {
    env: { CONTACT_EMAIL_TO: TEAM },
    rateLimitRules: { perIp: { points: 1000, durationSeconds: 900 }, perAccount: { points: 4, durationSeconds: 900 } },
  });
  const db = () => t().database.handle.db;
  const stored = async () => (await db().select({ n: count() }).from(contactRequests))[0]?.n ?? 0;

  it('stores the request for the signed-in user and e-mails it to the team with Reply-To the requester', async () => {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    const response = await client.post(
      CONTACT,
      validRequest({ full_name: 'Ada <b>Lovelace</b>', message: 'Hello <script>alert(1)</script> & bye' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = contactRequestCreatedSchema.parse(response.json());
    const [row] = await db().select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({
      userId: user.id,
      fullName: 'Ada <b>Lovelace</b>',
      email: 'ada@example.test',
      company: 'Analytical Engines Ltd',
      phoneNumber: '+44 2079460958',
      appealType: CONTACT_APPEAL_TYPE,
      source: 'pricing',
    });

    const mail = await t().smtp.nextMail(TEAM);
    expect(mail.raw).toMatch(/^Reply-To: ada@example\.test\r?$/m);
    expect(mail.subject).toContain('I would like to Schedule a Demo');
    expect(mail.text).toContain('Hello <script>alert(1)</script> & bye');
    expect(mail.text).toContain(id);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; bye');
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
  });

  it('keeps optional fields optional', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const response = await client.post(CONTACT, {
      full_name: 'Grace',
      email: 'grace@example.test',
      message: 'Call me',
      appeal_type: CONTACT_APPEAL_TYPE,
      company: '',
      phone_number: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db()
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, response.json<{ id: string }>().id));
    expect(row).toMatchObject({ company: null, phoneNumber: null, source: null });
    await t().smtp.nextMail(TEAM);
  });

  it('answers invalid, malformed and oversized input with 400 and the messages, storing nothing', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [validRequest({ phone_number: '1234567890123456' }), 'phone_number', messages.phoneTooLong],
      [validRequest({ phone_number: 'call me' }), 'phone_number', 'Use only digits, spaces, +, - and parentheses'],
      [validRequest({ full_name: '' }), 'full_name', 'Full name is required'],
      [validRequest({ full_name: undefined }), 'full_name', 'Full name is required'],
      [validRequest({ email: '' }), 'email', 'Email is required'],
      [validRequest({ email: 'not-an-address' }), 'email', 'Invalid email address'],
      [validRequest({ message: '  ' }), 'message', 'Message is required'],
      [validRequest({ message: 'x'.repeat(5001) }), 'message', 'Keep your message under 5,000 characters'],
      [validRequest({ appeal_type: 'Something else' }), 'appeal_type', expect.any(String) as unknown as string],
      [validRequest({ company: 'c'.repeat(121) }), 'company', 'Company name is at most 120 characters'],
      [validRequest({ source: ['a'] }), 'source', expect.any(String) as unknown as string],
    ];
    for (const [body, path, message] of cases) {
      const error = expectError(await client.post(CONTACT, body), 400, 'validation_failed');
      expect(error.details).toEqual(expect.arrayContaining([{ path, message }]));
    }
    expectError(await client.post(CONTACT, validRequest({ message: 'x'.repeat(2_000_000) })), 413, 'payload_too_large');
    expect(await stored()).toBe(before);
    expect(t().smtp.pending(TEAM)).toHaveLength(0);
  });

  it('refuses a missing or wrong CSRF header and a signed-out caller, storing nothing', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const before = await stored();
    expectError(await client.post(CONTACT, validRequest(), { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.post(CONTACT, validRequest(), { csrf: { value: 'nope' } }), 403, 'csrf_failed');
    const anonymous = await t().client().prime();
    expectError(await anonymous.post(CONTACT, validRequest()), 401, 'unauthenticated');
    expect(await stored()).toBe(before);
  });

  it('limits how many requests one user can send', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    for (let i = 0; i < 4; i++) {
      expect((await client.post(CONTACT, validRequest({ message: `try ${i}` }))).statusCode).toBe(201);
      await t().smtp.nextMail(TEAM);
    }
    const before = await stored();
    const limited = await client.post(CONTACT, validRequest());
    expectError(limited, 429, 'rate_limited');
    expect(await stored()).toBe(before);
  });
});

describeOnEachDatabase('contact requests when mail is down', (database) => {
  const t = useTestApp(database, { env: { CONTACT_EMAIL_TO: TEAM } });

  it('answers 503 mail_unavailable and keeps nothing when the e-mail cannot be sent', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const db = t().database.handle.db;
    const before = (await db.select({ n: count() }).from(contactRequests))[0]?.n;
    await t().smtp.close();
    const response = await client.post(CONTACT, validRequest());
    expectError(response, 503, 'mail_unavailable');
    expect((await db.select({ n: count() }).from(contactRequests))[0]?.n).toBe(before);
  });
});
