// `npm run -s cli -- voice-detect [--input FILE] [--output FILE] [--no-aasist]`: the deepfake voice detector over
// JSON lines {"id","path"} (a local audio file each). Writes {"id","synthetic_probability","label","windows":[{"start",
// "end","synthetic_probability"}]} per readable file; an unreadable one (not audio, too long, silent, missing) is
// reported on stderr with its line number and skipped. Exit code 0 when every line was good, 1 when any was skipped.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AudioRefusal, detectVoice, VOICE_LIMITS } from '@candor/engine-audio';
import { z } from 'zod';
import { type CliIo, reportCliError } from './cli-support.js';

export const VOICE_HELP = `  voice-detect [--no-aasist]      JSON lines {"id","path"} (a local WAV, MP3, OGG/Opus, FLAC, M4A/AAC or WebM file)
                                  in; {"id","synthetic_probability","label":"real"|"synthetic"|"uncertain","windows":
                                  [{"start","end","synthetic_probability"}]} out; files up to ${VOICE_LIMITS.maxFileBytes / 1024 / 1024} MB and ${VOICE_LIMITS.maxSeconds / 60} minutes`;

const lineSchema = z.object({ id: z.union([z.string(), z.number()]), path: z.string().min(1) });

const parse = (line: string) => {
  try {
    return lineSchema.safeParse(JSON.parse(line));
  } catch {
    return null;
  }
};

export async function runVoiceDetectCli(
  argv: string[],
  streams: { input: Readable; output: Writable },
  io: CliIo,
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { input: { type: 'string' }, output: { type: 'string' }, 'no-aasist': { type: 'boolean' } },
    });
    const input = values.input ? createReadStream(values.input) : streams.input;
    if (values.input) await once(input, 'open');
    const output = values.output ? createWriteStream(values.output) : streams.output;
    if (values.output) await once(output, 'open');
    let lineNumber = 0;
    let skipped = 0;
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      lineNumber++;
      if (!line.trim()) continue;
      const parsed = parse(line);
      if (!parsed?.success) {
        io.err(`line ${lineNumber}: expected {"id": string or number, "path": string}; skipped`);
        skipped++;
        continue;
      }
      const { id, path } = parsed.data;
      try {
        const bytes = await readFile(path);
        if (bytes.length > VOICE_LIMITS.maxFileBytes) throw new Error(`larger than ${VOICE_LIMITS.maxFileBytes} bytes`);
        const report = await detectVoice(new Uint8Array(bytes), { aasist: !values['no-aasist'] });
        const windows = report.windows.map((w) => ({
          start: w.start,
          end: w.end,
          synthetic_probability: w.synthetic_probability,
        }));
        output.write(
          `${JSON.stringify({ id, synthetic_probability: report.synthetic_probability, label: report.label, windows })}\n`,
        );
      } catch (error) {
        const reason = error instanceof AudioRefusal ? error.message : (error as Error).message;
        io.err(`line ${lineNumber}: ${path} could not be read (${reason}); skipped`);
        skipped++;
      }
    }
    if (output !== streams.output) await new Promise<void>((resolve) => output.end(resolve));
    if (skipped > 0) io.err(`${skipped} line(s) skipped.`);
    return skipped > 0 ? 1 : 0;
  } catch (error) {
    return reportCliError(error, io, 'npm run -s cli -- help');
  }
}
