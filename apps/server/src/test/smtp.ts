import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  /** SMTP_URL pointing at this server. */
  url: string;
  received: ReceivedMail[];
  /** The next not-yet-taken message to `to`, waiting up to `timeoutMs` for it. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code of the next message to `to`. */
  nextCode(to: string, timeoutMs?: number): Promise<string>;
  /** Messages to `to` that nobody has taken yet. */
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const pending = (to: string) =>
    received.filter((mail) => !taken.has(mail) && mail.to.some((address) => address === to.toLowerCase()));

  async function nextMail(to: string, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [mail] = pending(to);
      if (mail) {
        taken.add(mail);
        return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMail,
    async nextCode(to, timeoutMs) {
      const mail = await nextMail(to, timeoutMs);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`the mail to ${to} has no 6-digit code:\n${mail.text}`);
      return code;
    },
    pending,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for our own messages: headers, multipart/alternative, 7bit/quoted-printable/base64. */
export function parseMail(raw: string): ReceivedMail {
  const { headers, body } = splitPart(raw);
  const to = (headers.get('to') ?? '')
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
  const parts = collectParts(headers, body);
  return {
    to,
    subject: headers.get('subject') ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
    raw,
  };
}

function splitPart(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string): { type: string; content: string }[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitPart(chunk.replace(/^\r?\n/, ''));
        return collectParts(part.headers, part.body);
      });
  }
  return [{ type, content: decode(body, headers.get('content-transfer-encoding') ?? '7bit') }];
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}
