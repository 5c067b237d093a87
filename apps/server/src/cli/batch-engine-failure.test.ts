import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';

// An engine that fails on one text (a limit of the machine, say): the batch reports that line and goes on.
vi.mock('@candor/engine-humanized-detect', async (importOriginal) => {
  const original = await importOriginal<typeof import('@candor/engine-humanized-detect')>();
  return {
    ...original,
    detectHumanized: (text: string, ...rest: unknown[]) => {
      if (text.includes('unprocessable')) throw new RangeError('Maximum call stack size exceeded');
      return (original.detectHumanized as (...args: unknown[]) => unknown)(text, ...rest);
    },
  };
});

const { runBatchCli } = await import('./batch.js');

const TEXT =
  'So i finally got round to fixing the fence last weekend. It took way longer than I thought, mostly because the ' +
  'old posts were rotten right through. My neighbour Dave came over with his digger, which saved my back.';

describe('npm run -s cli, when an engine fails on a text', () => {
  it('reports that line with its number, skips it and goes on (exit code 1)', async () => {
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk) => chunks.push(String(chunk)));
    const err: string[] = [];
    const lines = [
      JSON.stringify({ id: 'bad', text: `${TEXT} unprocessable` }),
      JSON.stringify({ id: 'good', text: TEXT }),
    ];
    const code = await runBatchCli(
      ['humanized-detect'],
      { input: Readable.from(lines.map((line) => `${line}\n`)), output },
      { out: () => {}, err: (line) => err.push(line) },
    );
    expect(code).toBe(1);
    expect(err).toEqual([
      'line 1: could not be processed (Maximum call stack size exceeded); skipped',
      '1 line(s) skipped.',
    ]);
    const results = chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(results.map((result) => result.id)).toEqual(['good']);
  });
});
