import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatchCli } from './batch.js';

const TEXT =
  'So i finally got round to fixing the fence last weekend. It took way longer than I thought, mostly because the ' +
  'old posts were rotten right through. My neighbour Dave came over with his digger, which saved my back.';

async function run(argv: string[], lines: string[]) {
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (chunk) => chunks.push(String(chunk)));
  const err: string[] = [];
  const out: string[] = [];
  const code = await runBatchCli(
    argv,
    { input: Readable.from(lines.map((l) => `${l}\n`)), output },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  const results = chunks
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { code, results, err, out };
}

describe('npm run -s cli (batch detectors)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-batch-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ai-detect writes one line per text; bad lines go to stderr with their number and exit code 1', async () => {
    const { code, results, err } = await run(
      ['ai-detect'],
      [
        JSON.stringify({ id: 'a', text: TEXT }),
        'not json',
        JSON.stringify({ id: 'b' }),
        JSON.stringify({ id: 3, text: '😀😀' }),
      ],
    );
    expect(code).toBe(1);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: 'a', label: expect.stringMatching(/^(human|ai|mixed|uncertain)$/) });
    expect(results[0].ai_probability).toBeGreaterThanOrEqual(0);
    expect(results[0].sentences[0]).toEqual({ start: 0, end: 56, ai_probability: expect.any(Number) });
    expect(err.slice(0, 3)).toEqual([
      'line 2: not valid JSON; skipped',
      'line 3: expected an object with "id" (string or number) and "text" (string); skipped',
      'line 4: The detectors read English text; this text has too few English words to check; skipped',
    ]);
  });

  it('humanized-detect gives three probabilities that sum to one; a clean input exits 0', async () => {
    const { code, results } = await run(['humanized-detect'], [JSON.stringify({ id: 'x', text: TEXT })]);
    expect(code).toBe(0);
    const { human, ai, ai_humanized } = results[0].probabilities;
    expect(human + ai + ai_humanized).toBeCloseTo(1, 2);
    expect(['human', 'ai', 'ai_humanized']).toContain(results[0].label);
  });

  it('plagiarism matches a copied passage against --sources with offsets in both texts', async () => {
    const sources = path.join(dir, 'sources.jsonl');
    writeFileSync(sources, `${JSON.stringify({ id: 'src', text: `Preface. ${TEXT}` })}\n`);
    const query = `My own opening line here. ${TEXT}`;
    const { code, results } = await run(
      ['plagiarism', '--sources', sources],
      [JSON.stringify({ id: 'q', text: query })],
    );
    expect(code).toBe(0);
    expect(results[0].similarity).toBeGreaterThan(0.7);
    const match = results[0].matches[0];
    expect(match.source_id).toBe('src');
    expect(query.slice(match.start, match.end)).toContain('finally got round to fixing the fence');
  });

  it('pii-detect lists entities with offsets; --policy narrows them, in any case', async () => {
    const text = 'Email ada@example.com or call (415) 555-0132; card 4111 1111 1111 1111.';
    const all = await run(['pii-detect'], [JSON.stringify({ id: 7, text }), '{"id":"x"}']);
    expect(all.code).toBe(1);
    expect(all.err[0]).toBe('line 2: expected an object with "id" (string or number) and "text" (string); skipped');
    expect(all.results).toHaveLength(1);
    const types = all.results[0].entities.map((e: { type: string }) => e.type);
    expect(types).toEqual(['EMAIL_ADDRESS', 'PHONE_NUMBER', 'CREDIT_CARD_NUMBER']);
    for (const entity of all.results[0].entities) {
      expect(text.slice(entity.start, entity.end)).toBe(entity.text);
      expect(Object.keys(entity).sort()).toEqual(['end', 'score', 'start', 'text', 'type']);
    }
    const pci = await run(['pii-detect', '--policy', 'pci_dss'], [JSON.stringify({ id: 7, text })]);
    expect(pci.code).toBe(0);
    expect(pci.results[0].entities.map((e: { type: string }) => e.type)).toEqual(['CREDIT_CARD_NUMBER']);
  });

  it('plagiarism leaves quotations out of the count with --exclude-quotations, as the screen does', async () => {
    const sources = path.join(dir, 'sources-quoted.jsonl');
    writeFileSync(sources, `${JSON.stringify({ id: 'src', text: TEXT })}\n`);
    const quoted = `My neighbour wrote: "${TEXT}" I liked that.`;
    const line = [JSON.stringify({ id: 'q', text: quoted })];
    const counted = await run(['plagiarism', '--sources', sources], line);
    expect(counted.results[0].similarity).toBeGreaterThan(0.8);
    const excluded = await run(['plagiarism', '--sources', sources, '--exclude-quotations'], line);
    expect(excluded.code).toBe(0);
    expect(excluded.results[0]).toEqual({ id: 'q', similarity: 0, matches: [] });
    expect((await run(['humanized-detect', '--exclude-references'], [])).code).toBe(2);
  });

  it('plagiarism reads 10 MB of one letter as text, and goes on to the next line', async () => {
    const sources = path.join(dir, 'sources-long.jsonl');
    writeFileSync(sources, `${JSON.stringify({ id: 'src', text: TEXT })}\n`);
    const { code, results, err } = await run(
      ['plagiarism', '--sources', sources],
      [JSON.stringify({ id: 'long', text: 'a'.repeat(10 * 1024 * 1024) }), JSON.stringify({ id: 'q', text: TEXT })],
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(results.map((result) => [result.id, result.similarity])).toEqual([
      ['long', 0],
      ['q', 1],
    ]);
  });

  it('says plainly that an --input or --output file cannot be opened', async () => {
    const missing = await run(['humanized-detect', '--input', path.join(dir, 'no-such-file.jsonl')], []);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/^Error: ENOENT: no such file or directory, open '.*no-such-file\.jsonl'$/);
    const noFolder = await run(['humanized-detect', '--output', path.join(dir, 'no-such-folder', 'out.jsonl')], []);
    expect(noFolder.code).toBe(1);
    expect(noFolder.err[0]).toMatch(/^Error: ENOENT: no such file or directory, open '.*out\.jsonl'$/);
    // Both at once: the input is reported, and no output file is made.
    const output = path.join(dir, 'never-written.jsonl');
    const both = await run(['humanized-detect', '--input', path.join(dir, 'missing.jsonl'), '--output', output], []);
    expect(both.code).toBe(1);
    expect(both.err[0]).toMatch(/missing\.jsonl'$/);
    expect(existsSync(output)).toBe(false);
  });

  it('pii-detect with an unknown policy is a usage error that lists the valid ones', async () => {
    const { code, err } = await run(['pii-detect', '--policy', 'SOX'], []);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('HIPAA, GDPR, PCI_DSS, CCPA, FINANCIAL, CREDENTIALS, ALL');
  });

  it('a missing --sources or an unknown command is a usage error (exit code 2)', async () => {
    expect((await run(['plagiarism'], [])).code).toBe(2);
    expect((await run(['nope'], [])).code).toBe(2);
  });
});
