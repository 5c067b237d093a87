import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { createMailer } from './mailer.js';
import { otpEmail } from './templates.js';

const message = otpEmail({
  to: 'ada@example.test',
  purpose: 'verify_account',
  code: '042917',
  fullName: '<img src=x onerror=alert(1)> & "Ada"',
  validSeconds: 600,
  publicUrl: 'http://localhost:8080',
});

describe('code e-mails', () => {
  it('put the code first in the text and state how long it is valid', () => {
    expect(message.subject).toBe('Your Candor verification code');
    expect(/\b(\d{6})\b/.exec(message.text)?.[1]).toBe('042917');
    expect(message.text).toContain('The code is valid for 10 minutes.');
    expect(message.html).toContain('>042917<');
    for (const line of message.text.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
  });

  it("escape the user's name in the HTML part", () => {
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ada&quot;');
  });

  it('name the password reset for what it is', () => {
    const reset = otpEmail({
      to: 'ada@example.test',
      purpose: 'reset_password',
      code: '123456',
      fullName: 'Ada',
      validSeconds: 60,
      publicUrl: 'http://localhost:8080',
    });
    expect(reset.subject).toBe('Your Candor password reset code');
    expect(reset.text).toContain('valid for 1 minute.');
  });
});

describe('the outbox mailer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as a private .eml file named by its time', async () => {
    const mailer = createMailer({ from: 'Candor <no-reply@candor.local>', outboxDir: path.join(dir, 'outbox') });
    expect(mailer.kind).toBe('outbox');
    const sent = await mailer.send(message);
    mailer.close();
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
    expect(sent.file).toBe(path.join(dir, 'outbox', files[0] ?? ''));
    expect(statSync(sent.file ?? '').mode & 0o777).toBe(0o600);
    const mail = parseMail(readFileSync(sent.file ?? '', 'utf8'));
    expect(mail.to).toEqual(['ada@example.test']);
    expect(mail.subject).toBe('Your Candor verification code');
    expect(mail.text).toContain('042917');
  });
});

describe('the SMTP mailer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers to a real SMTP server', async () => {
    const mailer = createMailer({
      from: 'Candor <no-reply@candor.local>',
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(message);
    mailer.close();
    const mail = await smtp.nextMail('ada@example.test');
    expect(mail.subject).toBe('Your Candor verification code');
    expect(mail.text).toContain('042917');
    expect(mail.html).toContain('&lt;img');
  });

  it('fails instead of hanging when the server is gone', async () => {
    const mailer = createMailer({
      from: 'no-reply@candor.local',
      smtpUrl: 'smtp://127.0.0.1:1',
      outboxDir: '/nonexistent',
    });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});
