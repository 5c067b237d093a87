import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eDataDir } from '../env.mjs';

const outbox = path.join(e2eDataDir, 'outbox');

/** Waits for the newest message to `to` in the server's outbox and returns the 6-digit code in its body. */
export async function readLatestCode(to: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = await findCode(to.toLowerCase(), after);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no code for ${to} arrived in ${outbox} within ${timeoutMs} ms`);
}

async function findCode(to: string, after: number): Promise<string | undefined> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  // Names start with an ISO time, so the last matching one is the newest.
  for (const file of files
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const [headers = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
    if (!new RegExp(`^To:.*${escapeRegExp(to)}`, 'im').test(headers)) continue;
    const date = Date.parse(/^Date: (.*)$/im.exec(headers)?.[1] ?? '');
    if (after && !(date >= Math.floor(after / 1000) * 1000)) continue;
    return /\b(\d{6})\b/.exec(bodyParts.join('\n'))?.[1];
  }
  return undefined;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
