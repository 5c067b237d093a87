// `npm run -s cli -- humanize | rewrite | summarize | shorten [options] [--input FILE] [--output FILE]`: the built-in
// generation engines over JSON lines {"id","text"}. Writes {"id","text","meaning_score","changed_share","words"} per
// good line (humanize adds "ai_probability_before", "ai_probability_after" and the labels); a bad line (not JSON, no
// text, over the tools' length limit) is reported on stderr with its line number and skipped. Exit code 0 when every
// line was good, 1 when any was skipped, 2 for a usage mistake.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { GENERATION_TEXT_LIMIT } from '@candor/contracts/tools';
import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { hasEnoughEnglish } from '@candor/engine-ai-detect/language';
import {
  type AiJudge,
  enhance,
  humanize,
  type Purpose,
  purposes,
  type ReadabilityLevel,
  readabilityLevels,
  type Strength,
  strengths,
  type Tone,
  tones,
} from '@candor/engine-generate';
import { z } from 'zod';
import { type CliIo, reportCliError, UsageError } from './cli-support.js';

export const GENERATE_COMMANDS = ['humanize', 'rewrite', 'summarize', 'shorten'] as const;
type GenerateCommand = (typeof GENERATE_COMMANDS)[number];

export const GENERATE_HELP = `  humanize [--strength S] [--readability R] [--purpose P] [--glossary "a, b"]
                                  {"id","text","meaning_score","changed_share","words","ai_probability_before",
                                  "ai_probability_after","label_before","label_after","below_floor"}: the AI Humanizer's
                                  built-in engine with the AI Detector in the loop; S: ${strengths.join(', ')}; R:
                                  ${readabilityLevels.join(', ')}; P: ${purposes.join(', ')}
  rewrite [--strength S] [--tone T] [--glossary "a, b"]
                                  {"id","text","meaning_score","changed_share","words"}; T: ${tones.join(', ')}
  summarize | shorten [--ratio R | --words N]
                                  {"id","text","meaning_score","changed_share","words"}: extractive summary (default
                                  ratio 0.3) or compression then extraction (default 0.7); texts up to
                                  ${GENERATION_TEXT_LIMIT.toLocaleString('en-US')} characters each`;

const lineSchema = z.object({ id: z.union([z.string(), z.number()]), text: z.string() });

function oneOf<T extends string>(name: string, value: string | undefined, list: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  const found = list.find((item) => item === value.trim().toLowerCase());
  if (!found) throw new UsageError(`Unknown ${name} "${value}"; valid: ${list.join(', ')}`);
  return found;
}

const judgeAi: AiJudge = (text) => {
  if (!hasEnoughEnglish(text)) return null;
  const report = detectAi(text, defaultDetectorModel());
  return { probability: report.ai_probability, label: report.label };
};

export async function runGenerateCli(
  command: GenerateCommand,
  argv: string[],
  streams: { input: Readable; output: Writable },
  io: CliIo,
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        input: { type: 'string' },
        output: { type: 'string' },
        strength: { type: 'string' },
        readability: { type: 'string' },
        purpose: { type: 'string' },
        tone: { type: 'string' },
        glossary: { type: 'string' },
        ratio: { type: 'string' },
        words: { type: 'string' },
      },
    });
    const strength = oneOf<Strength>('strength', values.strength, strengths, 'balanced');
    const readability = oneOf<ReadabilityLevel>('readability', values.readability, readabilityLevels, 'university');
    const purpose = oneOf<Purpose>('purpose', values.purpose, purposes, 'general');
    const tone = oneOf<Tone>('tone', values.tone, tones, 'neutral');
    const glossary = (values.glossary ?? '')
      .split(',')
      .map((term) => term.trim())
      .filter((term) => term.length > 0);
    if (
      (values.ratio !== undefined || values.words !== undefined) &&
      command !== 'summarize' &&
      command !== 'shorten'
    ) {
      throw new UsageError('--ratio and --words are for summarize and shorten only');
    }
    if (values.ratio !== undefined && values.words !== undefined)
      throw new UsageError('Give --ratio or --words, not both');
    let length: { ratio: number } | { words: number } = { ratio: command === 'summarize' ? 0.3 : 0.7 };
    if (values.ratio !== undefined) {
      const ratio = Number(values.ratio);
      if (!(ratio > 0 && ratio <= 1)) throw new UsageError('--ratio is a number above 0 and at most 1');
      length = { ratio };
    }
    if (values.words !== undefined) {
      const words = Number(values.words);
      if (!Number.isInteger(words) || words < 1) throw new UsageError('--words is a whole number of at least 1');
      length = { words };
    }

    const process = (id: string | number, text: string): Record<string, unknown> => {
      if (command === 'humanize') {
        const result = humanize(text, { strength, readability, purpose, glossary }, judgeAi);
        return {
          id,
          text: result.text,
          meaning_score: result.meaning.score,
          changed_share: result.changed_share,
          words: result.words,
          ai_probability_before: result.ai_probability_before,
          ai_probability_after: result.ai_probability_after,
          label_before: result.label_before,
          label_after: result.label_after,
          below_floor: result.below_floor,
        };
      }
      const result = enhance({ mode: command, text, tone, length, strength, variants: 1, glossary });
      const variant = result.variants[0];
      if (!variant) throw new Error('the engine gave no result');
      return {
        id,
        text: variant.text,
        meaning_score: variant.meaning.score,
        changed_share: variant.changed_share,
        words: variant.words,
      };
    };

    const input = values.input ? createReadStream(values.input) : streams.input;
    if (values.input) await once(input, 'open');
    const output = values.output ? createWriteStream(values.output) : streams.output;
    let skipped = 0;
    let lineNumber = 0;
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      lineNumber++;
      if (!line.trim()) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        json = undefined;
      }
      const parsed = lineSchema.safeParse(json);
      const problem =
        json === undefined
          ? 'not valid JSON'
          : !parsed.success
            ? 'expected an object with "id" (string or number) and "text" (string)'
            : !parsed.data.text.trim()
              ? 'empty text'
              : parsed.data.text.length > GENERATION_TEXT_LIMIT
                ? `the text has ${parsed.data.text.length.toLocaleString('en-US')} characters; at most ${GENERATION_TEXT_LIMIT.toLocaleString('en-US')}`
                : null;
      if (problem || !parsed.success) {
        io.err(`line ${lineNumber}: ${problem}`);
        skipped++;
        continue;
      }
      if (!output.write(`${JSON.stringify(process(parsed.data.id, parsed.data.text))}\n`)) await once(output, 'drain');
    }
    if (values.output) {
      output.end();
      await once(output, 'finish');
    }
    return skipped > 0 ? 1 : 0;
  } catch (error) {
    return reportCliError(error, io, 'npm run -s cli -- help');
  }
}
