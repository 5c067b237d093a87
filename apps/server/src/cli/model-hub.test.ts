import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFromHub } from './model-hub.js';
import { runModelsCli } from './models.js';

// The tiny test model the LLM package keeps as a fixture (packages/llm/src/testing/fixtures/README.md).
const GGUF = path.resolve(import.meta.dirname, '../../../../packages/llm/src/testing/fixtures/stories260K.gguf');
const data = readFileSync(GGUF);
const sha256 = createHash('sha256').update(data).digest('hex');
// Bigger than the downloader's 5 MB chunks, so a stopped download leaves whole chunks behind to resume from.
const big = Buffer.concat(Array.from({ length: 22 }, () => data));
const bigSha256 = createHash('sha256').update(big).digest('hex');
let sent = 0;

/** A file server with range requests, like a model hub's CDN; `slow` trickles the body so a test can stop it. */
let server: Server;
let base = '';
let slow = false;
const ranges: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const file = request.url?.endsWith('/stories260K.gguf') ? data : request.url?.endsWith('/big.gguf') ? big : null;
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : file.length - 1;
    if (request.headers.range) ranges.push(request.headers.range);
    response.writeHead(range ? 206 : 200, {
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
    });
    if (request.method === 'HEAD') return void response.end();
    const body = file.subarray(start, end + 1);
    if (!slow) return void response.end(body);
    let at = 0;
    const timer = setInterval(() => {
      if (at >= body.length || response.destroyed) {
        clearInterval(timer);
        response.end();
        return;
      }
      response.write(body.subarray(at, at + 65_536));
      at += 65_536;
      sent += 65_536;
    }, 10);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('npm run models:fetch -- <hub name or URL>', () => {
  it('downloads a GGUF, checks its size and sha256, and does nothing the second time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candor-hub-'));
    try {
      const first = await fetchFromHub({ uri: `${base}/models/stories260K.gguf`, modelsDir: dir, sha256 });
      expect(first).toEqual({ path: path.join(dir, 'stories260K.gguf'), bytes: data.length, sha256, downloaded: true });
      const again = await fetchFromHub({ uri: `${base}/models/stories260K.gguf`, modelsDir: dir, sha256 });
      expect(again.downloaded).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file whose sha256 is not the one asked for, and leaves nothing behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candor-hub-'));
    try {
      await expect(
        fetchFromHub({ uri: `${base}/models/stories260K.gguf`, modelsDir: dir, sha256: '0'.repeat(64) }),
      ).rejects.toThrow(/sha256 is [0-9a-f]{64}, not the 0{64} asked for/);
      expect(readdirSync(dir).filter((name) => name.endsWith('.gguf'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resumes a download stopped mid-way (the process killed) where it stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candor-hub-'));
    slow = true;
    sent = 0;
    ranges.length = 0;
    const cli = path.resolve(import.meta.dirname, 'models.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, `${base}/big.gguf`, '--dir', dir], {
      stdio: 'ignore',
    });
    try {
      // Killed once more than two chunks have gone out: no chance to clean up, as when a machine goes down.
      await expect.poll(() => sent, { timeout: 60_000, interval: 50 }).toBeGreaterThan(12 * 1024 * 1024);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      slow = false;
      const resumed = await fetchFromHub({ uri: `${base}/big.gguf`, modelsDir: dir, sha256: bigSha256 });
      expect(resumed).toMatchObject({ bytes: big.length, sha256: bigSha256, downloaded: true });
      // The second run asked only for what the first had not written.
      const starts = ranges.map((range) => Number(/bytes=(\d+)-/.exec(range)?.[1] ?? 0));
      expect(Math.max(...starts)).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
      slow = false;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers on the command line with the file path, and says what is wrong with a bad sha256', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candor-hub-'));
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    try {
      expect(await runModelsCli([`${base}/stories260K.gguf`, '--dir', dir, '--sha256', sha256], io)).toBe(0);
      expect(out).toEqual([path.join(dir, 'stories260K.gguf')]);
      expect(await runModelsCli([`${base}/stories260K.gguf`, '--dir', dir, '--sha256', 'abc'], io)).toBe(1);
      expect(err.at(-1)).toBe('Error: --sha256 must be 64 hexadecimal characters');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
