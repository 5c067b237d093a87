import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go instead of the sender (the contact form: the person who wrote in). */
  replyTo?: string;
}

export interface Mailer {
  /** `outbox` writes .eml files instead of sending, so a fresh install works without any mail account. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is handed over (to the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
  close(): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  /** Where `.eml` files go when there is no SMTP server. */
  outboxDir: string;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options);
}

function createSmtpMailer(url: string, from: string): Mailer {
  // Short timeouts: a request waiting on a dead mail server should fail in seconds, not minutes.
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { id: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}

function createOutboxMailer(options: MailerOptions): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const id = randomUUID();
      // ISO time first so names sort by arrival; colons are left out for file systems that refuse them.
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/:/g, '-')}-${id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { id, file };
    },
    close: () => transport.close(),
  };
}
