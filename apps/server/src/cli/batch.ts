// `npm run -s cli -- <command>`: the detectors over JSON lines, for users with many texts (issue 6).
//   ai-detect [--model FILE.gguf] [--sensitivity LEVEL] | humanized-detect [--sensitivity LEVEL]
//   | plagiarism --sources FILE.jsonl | pii-detect [--policy NAME]    [--input FILE] [--output FILE]
// Reads {"id","text"} per line from stdin (or --input), writes one JSON line per good input line to stdout (or
// --output). Bad lines are reported on stderr with their line number and skipped; exit code 0 when every line was
// good, 1 when any was skipped, 2 for a usage mistake.
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { aiDetectionInputSchema } from '@candor/contracts/tools';
import {
  type CalibratedLanguageModel,
  checkLanguageModelCalibration,
  createLanguageModelScorer,
  defaultDetectorModel,
  detectAi,
} from '@candor/engine-ai-detect';
import { DEFAULT_SENSITIVITY, type Sensitivity, sensitivityLevels } from '@candor/engine-ai-detect/sensitivity';
import { detectHumanized } from '@candor/engine-humanized-detect';
import { detectPii, type PiiPolicyId, piiPolicyIds } from '@candor/engine-pii';
import { createIndex } from '@candor/engine-plagiarism';
import { z } from 'zod';
import { readDetectorModel, readDetectorModelsDir } from '../config/env.js';
import { detectorModelPath } from '../modules/tools/ai-detection/local-model.js';
import { type CliIo, reportCliError, UsageError } from './cli-support.js';
import { GENERATE_COMMANDS, GENERATE_HELP, runGenerateCli } from './generate.js';
import { runVoiceDetectCli, VOICE_HELP } from './voice-detect.js';

const HELP = `Usage: npm run -s cli -- <command> [--input FILE] [--output FILE]

Commands (JSON lines {"id","text"} in, one JSON line per text out):
  ai-detect [--model FILE.gguf]   {"id","ai_probability","label","sensitivity","threshold","uncertainty","source_model",
                                  "sentences":[{"start","end","ai_probability"}]}
                                  with a calibrated language model (--model, else DETECTOR_MODEL_PATH, the model npm run
                                  models:fetch put in MODELS_DIR, or LLM_MODEL_PATH; see npm run train:curvature) also
                                  "curvature":{"model","discrepancy"}, combined into ai_probability
  humanized-detect [--model FILE.gguf]
                                  {"id","label","uncertain","uncertainty","sensitivity","probabilities":{"human","ai",
                                  "ai_humanized"}}, with a language model also "language_model" (its name)
    [--sensitivity LEVEL]         for both detectors: ${sensitivityLevels.join(', ')} (default ${DEFAULT_SENSITIVITY}): how
                                  readily a text is called AI, each level allowing about 1%, 3% and 10% of human texts
                                  of kinds the detector was not trained on to be flagged (docs/models/ai-detect.md)
  plagiarism --sources FILE.jsonl {"id","similarity","matches":[{"source_id","start","end","source_start","source_end"}]}
    [--exclude-quotations]        quotations and a closing reference list are not counted as copied (as the
    [--exclude-references]        Copyright Detector screen does by default)
  pii-detect [--policy NAME]      {"id","entities":[{"start","end","type","score","text"}]}
                                  NAME: ${piiPolicyIds.join(', ')} (any case); every entity when absent
${VOICE_HELP}
${GENERATE_HELP}

Offsets are UTF-16 code units, as JavaScript strings count. Bad lines go to stderr with their line number;
the exit code is 1 when any line was skipped.`;

const lineSchema = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
});

type Output = Record<string, unknown>;
interface Processor {
  (id: string | number, text: string): Output | Promise<Output>;
  close?: () => Promise<void>;
}

/** The policy id for a --policy value, in any case; a usage error names the valid ones. */
function policyFor(name: string | undefined): PiiPolicyId | undefined {
  if (name === undefined) return undefined;
  const id = piiPolicyIds.find((p) => p.toLowerCase() === name.trim().toLowerCase());
  if (!id) throw new UsageError(`Unknown policy "${name}"; valid policies: ${piiPolicyIds.join(', ')}`);
  return id;
}

/** The level for a --sensitivity value, in any case; a usage error names the valid ones. */
function sensitivityFor(name: string | undefined): Sensitivity {
  if (name === undefined) return DEFAULT_SENSITIVITY;
  const level = sensitivityLevels.find((l) => l === name.trim().toLowerCase());
  if (!level) throw new UsageError(`Unknown sensitivity "${name}"; valid levels: ${sensitivityLevels.join(', ')}`);
  return level;
}

/**
 * The calibrated language model for the detectors: `--model` must be usable (a usage error says why not); one from the
 * environment (DETECTOR_MODEL_PATH, a fetched model in MODELS_DIR, LLM_MODEL_PATH, as the server picks) that isn't
 * calibrated is reported once on stderr and the built-in detector runs alone, as the server does.
 */
async function localScorerFor(modelFlag: string | undefined, io: CliIo): Promise<CalibratedLanguageModel | null> {
  const fromEnvironment = () => {
    const detectorModel = readDetectorModel();
    const chosen = detectorModelPath({ detectorModel, detectorModelsDir: readDetectorModelsDir() });
    if (!chosen) return undefined;
    return { path: chosen.path, from: chosen.named ? (detectorModel?.from ?? 'DETECTOR_MODEL_PATH') : 'MODELS_DIR' };
  };
  const configured = modelFlag ? { path: path.resolve(modelFlag), from: '--model' } : fromEnvironment();
  if (!configured) return null;
  const check = await checkLanguageModelCalibration(configured.path, defaultDetectorModel());
  if (!check.calibration) {
    const problem = 'problem' in check ? check.problem : 'The model is not calibrated.';
    if (modelFlag) throw new UsageError(problem);
    io.err(`Warning: ${problem} (${configured.from})`);
    return null;
  }
  const scorer = createLanguageModelScorer({
    modelPath: configured.path,
    maxTokens: check.calibration.scoring.maxTokens,
  });
  return { scorer, calibration: check.calibration };
}

async function processorFor(
  command: string,
  values: {
    sources?: string | undefined;
    policy?: string | undefined;
    model?: string | undefined;
    sensitivity?: string | undefined;
    'exclude-quotations'?: boolean | undefined;
    'exclude-references'?: boolean | undefined;
  },
  io: CliIo,
): Promise<Processor> {
  const { sources: sourcesFile, policy: policyName } = values;
  if (values.model !== undefined && command !== 'ai-detect' && command !== 'humanized-detect')
    throw new UsageError('--model is for ai-detect and humanized-detect only');
  if (values.sensitivity !== undefined && command !== 'ai-detect' && command !== 'humanized-detect')
    throw new UsageError('--sensitivity is for ai-detect and humanized-detect only');
  const sensitivity = sensitivityFor(values.sensitivity);
  if ((values['exclude-quotations'] || values['exclude-references']) && command !== 'plagiarism')
    throw new UsageError('--exclude-quotations and --exclude-references are for plagiarism only');
  switch (command) {
    case 'ai-detect': {
      const model = defaultDetectorModel();
      const local = await localScorerFor(values.model, io);
      const processor: Processor = async (id, text) => {
        const languageModel = local
          ? { score: await local.scorer.score(text), calibration: local.calibration }
          : undefined;
        const report = detectAi(text, model, { sensitivity, ...(languageModel ? { languageModel } : {}) });
        return {
          id,
          ai_probability: report.ai_probability,
          label: report.label,
          sensitivity,
          threshold: report.threshold,
          uncertainty: report.uncertainty ?? [],
          source_model: report.source_model?.family ?? null,
          sentences: report.sentences.map(({ start, end, ai_probability }) => ({ start, end, ai_probability })),
          ...(report.curvature
            ? { curvature: { model: report.curvature.model, discrepancy: report.curvature.discrepancy } }
            : {}),
        };
      };
      if (local) processor.close = () => local.scorer.close();
      return processor;
    }
    case 'humanized-detect': {
      const model = defaultDetectorModel();
      const local = await localScorerFor(values.model, io);
      const processor: Processor = async (id, text) => {
        const languageModel = local
          ? { score: await local.scorer.score(text), calibration: local.calibration }
          : undefined;
        const report = detectHumanized(text, model, undefined, {
          sensitivity,
          ...(languageModel ? { languageModel } : {}),
        });
        return {
          id,
          label: report.label,
          uncertain: report.uncertain,
          uncertainty: report.uncertainty ?? [],
          sensitivity,
          probabilities: report.probabilities,
          ...(report.language_model ? { language_model: report.language_model.model } : {}),
        };
      };
      if (local) processor.close = () => local.scorer.close();
      return processor;
    }
    case 'plagiarism': {
      if (!sourcesFile) throw new UsageError('plagiarism needs --sources FILE.jsonl (lines of {"id","text"})');
      const index = createIndex();
      const sourceTexts = new Map<string, string>();
      readFileSync(sourcesFile, 'utf8')
        .split('\n')
        .forEach((line, n) => {
          if (!line.trim()) return;
          const parsed = lineSchema.safeParse(safeJson(line));
          if (!parsed.success) throw new UsageError(`${sourcesFile} line ${n + 1}: expected {"id","text"}`);
          index.add({ id: String(parsed.data.id), text: parsed.data.text });
          sourceTexts.set(String(parsed.data.id), parsed.data.text);
        });
      return (id, text) => {
        const report = index.query(text, {
          excludeQuotations: values['exclude-quotations'] === true,
          excludeReferences: values['exclude-references'] === true,
          sourceText: (id) => sourceTexts.get(id),
        });
        return {
          id,
          similarity: report.similarity,
          matches: report.matches.map(({ source_id, start, end, source_start, source_end }) => ({
            source_id,
            start,
            end,
            source_start,
            source_end,
          })),
        };
      };
    }
    case 'pii-detect': {
      const policy = policyFor(policyName);
      return (id, text) => ({
        id,
        entities: detectPii(text, policy ? { policy } : {}).map(({ start, end, type, score, text: value }) => ({
          start,
          end,
          type,
          score,
          text: value,
        })),
      });
    }
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Why a line can't be checked, or null when it can. The detectors share the screens' rules for text. */
function problemWith(command: string, line: string): string | null {
  const json = safeJson(line);
  if (json === undefined) return 'not valid JSON';
  const parsed = lineSchema.safeParse(json);
  if (!parsed.success) return 'expected an object with "id" (string or number) and "text" (string)';
  if (command !== 'plagiarism' && command !== 'pii-detect') {
    const text = aiDetectionInputSchema.shape.text.safeParse(parsed.data.text);
    if (!text.success) return text.error.issues[0]?.message ?? 'unreadable text';
  } else if (!parsed.data.text.trim()) return 'empty text';
  return null;
}

export async function runBatchCli(
  argv: string[],
  streams: { input: Readable; output: Writable },
  io: CliIo,
): Promise<number> {
  if (argv[0] === 'voice-detect') return runVoiceDetectCli(argv.slice(1), streams, io);
  const generate = GENERATE_COMMANDS.find((command) => command === argv[0]);
  if (generate) return runGenerateCli(generate, argv.slice(1), streams, io);
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        input: { type: 'string' },
        output: { type: 'string' },
        sources: { type: 'string' },
        policy: { type: 'string' },
        model: { type: 'string' },
        sensitivity: { type: 'string' },
        'exclude-quotations': { type: 'boolean' },
        'exclude-references': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const command = positionals[0];
    if (values.help || !command || command === 'help') {
      io.out(HELP);
      return command || values.help ? 0 : 2;
    }
    const process = await processorFor(command, values, io);
    // A file that cannot be opened (no such folder, no permission) is said as a plain error, not a crash; the
    // output is created only once the input is open, so a mistyped input leaves no empty output behind.
    const input = values.input ? createReadStream(values.input) : streams.input;
    if (values.input) await once(input, 'open');
    const output = values.output ? createWriteStream(values.output) : streams.output;
    if (values.output) {
      try {
        await once(output, 'open');
      } catch (error) {
        input.destroy();
        throw error;
      }
    }
    let lineNumber = 0;
    let skipped = 0;
    try {
      for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
        lineNumber++;
        if (!line.trim()) continue;
        const problem = problemWith(command, line);
        if (problem) {
          io.err(`line ${lineNumber}: ${problem}; skipped`);
          skipped++;
          continue;
        }
        const { id, text } = lineSchema.parse(JSON.parse(line));
        let result: Output;
        try {
          result = await process(id, text);
        } catch (error) {
          // One text the engine cannot take (a limit of the machine, say) is a bad line, not the end of the batch.
          io.err(`line ${lineNumber}: could not be processed (${(error as Error).message}); skipped`);
          skipped++;
          continue;
        }
        output.write(`${JSON.stringify(result)}\n`);
      }
    } finally {
      await process.close?.();
    }
    if (output !== streams.output) await new Promise<void>((resolve) => output.end(resolve));
    if (skipped > 0) io.err(`${skipped} line(s) skipped.`);
    return skipped > 0 ? 1 : 0;
  } catch (error) {
    return reportCliError(error, io, 'npm run -s cli -- help');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await runBatchCli(process.argv.slice(2), { input: process.stdin, output: process.stdout }, io);
}
