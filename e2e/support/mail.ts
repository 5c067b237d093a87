import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eDataDir } from '../env.mjs';

const outbox = path.join(e2eDataDir, 'outbox');

/** The bodies of every message to `to` in the server's outbox, oldest first (file names start with the time). */
async function messagesTo(to: string): Promise<string[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const bodies: string[] = [];
  const recipient = new RegExp(`^To:.*${escapeRegExp(to.toLowerCase())}`, 'im');
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const [headers = '', ...body] = raw.split(/\r?\n\r?\n/);
    if (recipient.test(headers)) bodies.push(body.join('\n'));
  }
  return bodies;
}

/** How many messages `to` has received so far; pass it to `readLatestCode` to wait for a newer one. */
export const countMessages = async (to: string) => (await messagesTo(to)).length;

/** Waits until `to` has more than `afterCount` messages and returns the 6-digit code in the newest. */
export async function readLatestCode(to: string, { afterCount = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const bodies = await messagesTo(to);
    const code = bodies.length > afterCount ? /\b(\d{6})\b/.exec(bodies.at(-1) ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no new code for ${to} arrived in ${outbox} within ${timeoutMs} ms`);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
