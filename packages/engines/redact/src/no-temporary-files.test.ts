import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declareSize,
  inflatingDocx,
  sampleDocx,
  sampleImage,
  samplePdf,
  secretRanges,
} from './fixtures/sample-documents.js';
import { type DocumentKind, readDocument, redactDocument } from './index.js';

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPages: 10, maxCharacters: 100_000 };

/**
 * The engine works in memory: a run leaves nothing in the temporary directory (pointed at an empty one for the
 * test, so other processes on the machine cannot disturb it) and no OCR model cache in the working directory.
 */
describe('temporary files', () => {
  const previous = process.env.TMPDIR;
  let directory = '';

  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'redact-engine-'));
    process.env.TMPDIR = directory;
  });

  afterAll(() => {
    process.env.TMPDIR = previous;
    rmSync(directory, { recursive: true, force: true });
  });

  it('leaves none behind, for good files and bad ones', async () => {
    expect(os.tmpdir()).toBe(directory);
    const files: Array<[DocumentKind, Uint8Array]> = [
      ['pdf', await samplePdf()],
      ['docx', await sampleDocx()],
      ['text', new TextEncoder().encode('Jane Doe, jane.doe@example.com')],
      ['image', await sampleImage('png')],
    ];
    for (const [kind, bytes] of files) {
      const { text } = await readDocument(bytes, kind, LIMITS);
      const result = await redactDocument(bytes, kind, secretRanges(text), { style: 'box' });
      expect(result.verification.passed).toBe(true);
    }
    const bad: Array<[DocumentKind, Uint8Array]> = [
      ['pdf', (await samplePdf()).subarray(0, 500)],
      ['docx', declareSize(await inflatingDocx(10 * 1024 * 1024), 'word/document.xml', 10)],
      ['image', (await sampleImage('jpeg')).subarray(0, 400)],
    ];
    for (const [kind, bytes] of bad) await expect(readDocument(bytes, kind, LIMITS)).rejects.toThrow();

    expect(readdirSync(directory)).toEqual([]);
    expect(existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });
});
