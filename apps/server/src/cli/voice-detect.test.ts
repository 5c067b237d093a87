import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runBatchCli } from './batch.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/engines/audio/fixtures');

async function run(lines: string[], args: string[] = []) {
  const output = new PassThrough();
  let out = '';
  output.on('data', (chunk) => {
    out += chunk;
  });
  const errors: string[] = [];
  const code = await runBatchCli(
    ['voice-detect', ...args],
    { input: Readable.from(lines.map((line) => `${line}\n`)), output },
    { out: () => {}, err: (line) => errors.push(line) },
  );
  return {
    code,
    results: out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
    errors,
  };
}

describe('npm run -s cli -- voice-detect', () => {
  it('scores each file and reports the unreadable ones on stderr, skipping them', async () => {
    const notes = path.join(tmpdir(), `candor-voice-cli-${process.pid}.mp3`);
    writeFileSync(notes, 'not audio at all, just words\n'.repeat(20));
    const { code, results, errors } = await run([
      JSON.stringify({ id: 'call-1', path: path.join(FIXTURES, 'speech.m4a') }),
      JSON.stringify({ id: 2, path: notes }),
      JSON.stringify({ id: 3, path: path.join(FIXTURES, 'missing.wav') }),
      'not json',
    ]).finally(() => rmSync(notes));
    expect(code).toBe(1);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: 'call-1', label: expect.stringMatching(/^(real|synthetic|uncertain)$/) });
    expect(results[0].synthetic_probability).toBeGreaterThanOrEqual(0);
    expect(results[0].windows[0]).toEqual({
      start: 0,
      end: expect.any(Number),
      synthetic_probability: expect.any(Number),
    });
    expect(Object.keys(results[0]).sort()).toEqual(['id', 'label', 'synthetic_probability', 'windows']);
    expect(errors[0]).toMatch(/^line 2: .* could not be read \(This file is not audio/);
    expect(errors[1]).toMatch(/^line 3: /);
    expect(errors[2]).toMatch(/^line 4: expected/);
  });
});
