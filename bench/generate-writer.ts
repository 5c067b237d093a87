// The Stealth AI Writer with SmolLM2-135M-Instruct (Q4_1 GGUF, the model the tests write with) on this machine's CPU:
// time to first token and tokens per second for each section of an article, written with the writer's own prompts
// through the local-model provider, as a run's `prepare` step does. The model: BENCH_WRITER_MODEL, else
// CANDOR_TEST_DETECTOR_MODEL, else where `npm run models:fetch -- smollm2-135m` puts it (./.data/models).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countWords } from '@candor/engine-generate';
import { type ArticleBrief, outlineMessages, sectionMessages } from '@candor/engine-generate/prompts';
import { createLocalModelProvider } from '@candor/llm';
import { machine, machineTable, writeResult } from './lib.mjs';

const modelPath =
  process.env.BENCH_WRITER_MODEL ??
  process.env.CANDOR_TEST_DETECTOR_MODEL ??
  path.resolve(import.meta.dirname, '../.data/models/SmolLM2-135M-Instruct.Q4_1.gguf');
if (!existsSync(modelPath)) {
  // Skipped, not failed: `npm run bench` goes on with the others on a machine without the model.
  console.warn(`Skipped: no model at ${modelPath} (npm run models:fetch -- smollm2-135m, or BENCH_WRITER_MODEL)`);
  process.exit(0);
}

const brief: ArticleBrief = {
  topic: 'Why solar power got cheap',
  keywords: ['solar panels', 'batteries'],
  audience: 'homeowners',
  tone: 'neutral',
  length: 600,
  language: 'English',
};
const outline = { title: 'Cheap solar power', headings: ['Why prices fell', 'Storage at night', 'What comes next'] };

const loadStart = performance.now();
const provider = await createLocalModelProvider({ modelPath });
const loadMs = performance.now() - loadStart;
const model = provider.models()[0]?.id as string;

interface Sample {
  name: string;
  ttftMs: number;
  tokens: number;
  tokensPerSecond: number;
  words: number;
}
async function measure(name: string, messages: ReturnType<typeof outlineMessages>, maxTokens: number): Promise<Sample> {
  const start = performance.now();
  let first = 0;
  let text = '';
  let tokens = 0;
  for await (const event of provider.streamChat({ model, messages, maxTokens, temperature: 0.7 })) {
    if (event.type === 'delta') {
      if (first === 0) first = performance.now();
      text += event.text;
    } else tokens = event.usage.completion_tokens;
  }
  const end = performance.now();
  return {
    name,
    ttftMs: first - start,
    tokens,
    tokensPerSecond: tokens / ((end - first) / 1000),
    words: countWords(text),
  };
}

const samples: Sample[] = [await measure('outline', outlineMessages(brief), 220)];
let previous: string | null = null;
for (let index = 0; index < outline.headings.length; index++) {
  const sample = await measure(`section ${index + 1}`, sectionMessages(brief, outline, index, previous), 300);
  samples.push(sample);
  previous = null;
}
await provider.close();

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const sections = samples.filter((s) => s.name.startsWith('section'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const markdown = `# Stealth AI Writer: SmolLM2-135M-Instruct on this CPU

The writer's prompts (\`@candor/engine-generate/prompts\`) through \`@candor/llm\`'s local-model provider (node-llama-cpp,
CPU, one context, threads as the provider picks: one for a model this small), as a writer run's \`prepare\` does:
an outline, then three sections of a 600-word article, each allowed 300 tokens. Model: ${path.basename(modelPath)}.
Loading it took ${fmt(loadMs)} ms. Time to first token counts from the request to the first streamed text (the
prompt's evaluation included); tokens per second from the first token to the last.

${machineTable(machine())}| load average (1 min, at the end) | ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores |

| request | time to first token (ms) | tokens | tokens/s | words |
|---|---|---|---|---|
${samples.map((s) => `| ${s.name} | ${fmt(s.ttftMs)} | ${s.tokens} | ${fmt(s.tokensPerSecond, 1)} | ${s.words} |`).join('\n')}
| **sections, median** | **${fmt(median(sections.map((s) => s.ttftMs)))}** | | **${fmt(median(sections.map((s) => s.tokensPerSecond)), 1)}** | |
`;
console.info(markdown);
writeResult('generate-writer', markdown);
