import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runBatchCli } from './batch.js';

const TEXT = [
  'Solar panels turn sunlight into electricity. Their price fell by 89% between 2010 and 2020, according to the International Renewable Energy Agency. That drop changed how utilities plan new power plants.',
  'In many countries, a solar farm is now the cheapest source of new electricity. Furthermore, wind power follows closely. Storage remains the hard part, because the sun does not shine at night and batteries are still expensive.',
].join('\n\n');

async function run(command: string, lines: string[], args: string[] = []) {
  const output = new PassThrough();
  let out = '';
  output.on('data', (chunk) => {
    out += chunk;
  });
  const errors: string[] = [];
  const code = await runBatchCli(
    [command, ...args],
    { input: Readable.from(lines.map((line) => `${line}\n`)), output },
    { out: () => {}, err: (line) => errors.push(line) },
  );
  const results = out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code, results, errors };
}

describe('npm run -s cli -- humanize | rewrite | summarize | shorten', { timeout: 120_000 }, () => {
  it('humanizes each line with the detector before and after, and skips bad lines on stderr', async () => {
    const { code, results, errors } = await run(
      'humanize',
      [
        JSON.stringify({ id: 'a', text: TEXT }),
        'not json',
        JSON.stringify({ id: 2, text: '  ' }),
        JSON.stringify({ id: 3 }),
      ],
      ['--strength', 'strong', '--purpose', 'article'],
    );
    expect(code).toBe(1);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: 'a',
      text: expect.stringContaining('89%'),
      meaning_score: expect.any(Number),
      ai_probability_before: expect.any(Number),
      ai_probability_after: expect.any(Number),
    });
    expect(errors).toEqual([
      'line 2: not valid JSON',
      'line 3: empty text',
      'line 4: expected an object with "id" (string or number) and "text" (string)',
    ]);
  });

  it('rewrites, summarizes and shortens', async () => {
    for (const command of ['rewrite', 'summarize', 'shorten']) {
      const { code, results } = await run(command, [JSON.stringify({ id: 1, text: TEXT })]);
      expect(code).toBe(0);
      expect(results[0]).toMatchObject({ id: 1, text: expect.any(String), meaning_score: expect.any(Number) });
      if (command !== 'rewrite') expect(results[0]?.words).toBeLessThan(60);
    }
  });

  it('says what is wrong with an option', async () => {
    const { code, errors } = await run('summarize', [], ['--ratio', '3']);
    expect(code).toBe(2);
    expect(errors[0]).toBe('Error: --ratio is a number above 0 and at most 1');
    expect((await run('humanize', [], ['--purpose', 'poem'])).errors[0]).toMatch(
      /Unknown purpose "poem"; valid: general/,
    );
  });
});
