import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Readers independent of pdf.js (Debian's poppler-utils, mupdf-tools, qpdf), so a text layer only pdf.js tolerates fails.

const run = promisify(execFile);

export type PdfReaderName = 'pdftotext' | 'mutool' | 'qpdf';

const PACKAGES: Record<PdfReaderName, string> = {
  pdftotext: 'poppler-utils',
  mutool: 'mupdf-tools',
  qpdf: 'qpdf',
};

const VERSION_FLAG: Record<PdfReaderName, string> = { pdftotext: '-v', mutool: '-v', qpdf: '--version' };

export interface PdfReader {
  name: PdfReaderName;
  /** Why this reader doesn't run here, if it doesn't. */
  skip?: string;
}

const isCi = () => process.env.CI === 'true' || process.env.CI === '1';

/** The reader, or why it is skipped; throws when CI=true and it is missing, as a skipped proof is no proof. */
export function pdfReader(name: PdfReaderName): PdfReader {
  const probe = spawnSync(name, [VERSION_FLAG[name]], { stdio: 'ignore' });
  if (!probe.error) return { name };
  const reason = `${name} is not installed (Debian package ${PACKAGES[name]}; scripts/test-tools.sh installs it)`;
  if (isCi()) throw new Error(`CI=true but ${reason}: the redacted PDFs must be read by it in CI`);
  return { name, skip: `skipped: ${reason}` };
}

export interface ReaderOutput {
  /** What the reader printed as the document's text (or content). */
  text: string;
  /** What it printed on stderr, line by line, without the lines that speak of the machine rather than the file. */
  messages: string[];
}

// mupdf built without LittleCMS says so on every file it opens: a fact about the machine, not the PDF.
const MACHINE_NOTES = [/^warning: ICC support is not available$/];

function messages(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !MACHINE_NOTES.some((note) => note.test(line)));
}

/** Runs `body` with the PDF in a file of its own (mutool reads no stdin), removed afterwards. */
async function withFile<T>(bytes: Uint8Array, body: (file: string, directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pdf-readers-'));
  try {
    const file = path.join(directory, 'document.pdf');
    await writeFile(file, bytes);
    return await body(file, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const TIMEOUT = 30_000;

/** poppler's text: `pdftotext -enc UTF-8`, page by page. */
export function popplerText(bytes: Uint8Array): Promise<ReaderOutput> {
  return withFile(bytes, async (file) => {
    const { stdout, stderr } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { timeout: TIMEOUT });
    return { text: stdout, messages: messages(stderr) };
  });
}

/** poppler's rendering of the first page (`pdftoppm`), which loads the embedded font programs pdftotext skips. */
export function popplerRender(bytes: Uint8Array): Promise<ReaderOutput> {
  return withFile(bytes, async (file, directory) => {
    const output = path.join(directory, 'page');
    const options = ['-r', '20', '-f', '1', '-l', '1', '-png', file, output];
    const { stderr } = await run('pdftoppm', options, { timeout: TIMEOUT });
    return { text: '', messages: messages(stderr) };
  });
}

/** mupdf's text: `mutool draw -F txt`, which lays the page out as its renderer does. */
export function mupdfText(bytes: Uint8Array): Promise<ReaderOutput> {
  return withFile(bytes, async (file, directory) => {
    const output = path.join(directory, 'document.txt');
    const { stderr } = await run('mutool', ['draw', '-q', '-F', 'txt', '-o', output, file], { timeout: TIMEOUT });
    return { text: await readFile(output, 'utf8'), messages: messages(stderr) };
  });
}

/** The whole file as `qpdf --qdf` rewrites it: every stream decompressed, every object in plain text. */
export function qpdfDecompressed(bytes: Uint8Array): Promise<ReaderOutput> {
  return withFile(bytes, async (file, directory) => {
    const output = path.join(directory, 'document.qdf.pdf');
    const { stderr } = await run('qpdf', ['--qdf', '--object-streams=disable', file, output], { timeout: TIMEOUT });
    return { text: (await readFile(output)).toString('latin1'), messages: messages(stderr) };
  });
}
