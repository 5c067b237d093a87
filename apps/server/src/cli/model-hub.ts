import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ModelFetchError, sha256OfFile } from './model-sources.js';

/**
 * A GGUF model from its public hub by name (`hf:<user>/<repo>/<file>.gguf`, `hf:<user>/<repo>:<quant>`) or from a URL,
 * with node-llama-cpp's downloader: resumable (a stopped download continues where it stopped), its size checked
 * against the server's, and its sha256 against the one given, when given. `npm run models:fetch -- <uri>` calls it.
 */
export interface HubFetchOptions {
  uri: string;
  modelsDir: string;
  /** The file's sha256 (hex); without it only the size is checked. */
  sha256?: string;
  log?: (line: string) => void;
  /** Stops the download; the partial file stays for the next run to resume. */
  signal?: AbortSignal;
}

export interface HubFetchResult {
  path: string;
  bytes: number;
  sha256: string;
  /** False when the file was there already, whole (and with the sha256 asked for). */
  downloaded: boolean;
}

export const isHubUri = (value: string) => /^(?:hf:|https?:\/\/)/i.test(value.trim());

export async function fetchFromHub(options: HubFetchOptions): Promise<HubFetchResult> {
  const log = options.log ?? (() => undefined);
  const expected = options.sha256?.trim().toLowerCase();
  if (expected !== undefined && !/^[0-9a-f]{64}$/.test(expected)) {
    throw new ModelFetchError('--sha256 must be 64 hexadecimal characters');
  }
  // Loaded here: node-llama-cpp is large, and only this command needs its downloader.
  const { createModelDownloader } = await import('node-llama-cpp');
  let lastTenth = -1;
  const downloader = await createModelDownloader({
    modelUri: options.uri.trim(),
    dirPath: options.modelsDir,
    showCliProgress: false,
    // A stopped download keeps its part file, so the next run resumes it instead of starting over.
    deleteTempFileOnCancel: false,
    onProgress: ({ totalSize, downloadedSize }) => {
      const tenth = totalSize > 0 ? Math.floor((downloadedSize / totalSize) * 10) : 0;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        log(`  ${tenth * 10}% of ${(totalSize / 1e6).toFixed(1)} MB`);
      }
    },
  }).catch((error: unknown) => {
    throw new ModelFetchError(`${options.uri} could not be resolved: ${(error as Error).message}`);
  });
  const target = path.join(options.modelsDir, downloader.entrypointFilename);
  const existing = await stat(target).catch(() => null);
  if (existing?.size === downloader.totalSize) {
    const sha256 = await sha256OfFile(target);
    if (expected === undefined || sha256 === expected)
      return { path: target, bytes: existing.size, sha256, downloaded: false };
  }
  const stop = () => void downloader.cancel({ deleteTempFile: false });
  options.signal?.addEventListener('abort', stop, { once: true });
  log(`Fetching ${downloader.entrypointFilename} from ${options.uri}`);
  let file: string;
  try {
    file = await downloader.download();
  } catch (error) {
    if (options.signal?.aborted)
      throw new ModelFetchError('The download was stopped; run the command again to resume it');
    throw new ModelFetchError(`${options.uri} could not be downloaded: ${(error as Error).message}`);
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  if (options.signal?.aborted)
    throw new ModelFetchError('The download was stopped; run the command again to resume it');
  const bytes = (await stat(file)).size;
  if (bytes !== downloader.totalSize) {
    await rm(file, { force: true });
    throw new ModelFetchError(
      `${downloader.entrypointFilename} came out ${bytes} bytes, not the ${downloader.totalSize} the server sent`,
    );
  }
  const sha256 = await sha256OfFile(file);
  if (expected !== undefined && sha256 !== expected) {
    await rm(file, { force: true });
    throw new ModelFetchError(`${downloader.entrypointFilename}'s sha256 is ${sha256}, not the ${expected} asked for`);
  }
  return { path: file, bytes, sha256, downloaded: true };
}
