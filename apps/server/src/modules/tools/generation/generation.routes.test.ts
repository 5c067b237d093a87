import { historyDetailSchema } from '@candor/contracts';
import {
  type ArticlePartial,
  articleResultSchema,
  enhancerResultSchema,
  generationModelsSchema,
  humanizerResultSchema,
  jobSnapshotSchema,
  outlineResponseSchema,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { type OpenAiTestFault, startOpenAiTestServer } from '@candor/llm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '../../../config/env.js';
import { type TestClient, useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectError, expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';

const DETECTOR = '/api/detector';
const words = (text: string) => tokenizeWords(text).length;

const TEXT = [
  'Solar panels turn sunlight into electricity. Their price fell by 89% between 2010 and 2020, according to the International Renewable Energy Agency. That drop changed how utilities plan new power plants.',
  'In many countries, a solar farm is now the cheapest source of new electricity. Wind power follows closely. Storage remains the hard part, because the sun does not shine at night and batteries are still expensive.',
  'Engineers at Tesla and other firms are building large battery packs. A single pack can store 100 MWh. Critics say the supply chain for lithium is fragile and that recycling is not yet ready.',
].join('\n\n');

/** What the test model writes: an outline, a section, an addition, or the text it was given with a sentence more. */
function reply(messages: { content: string }[]): string {
  const prompt = messages.at(-1)?.content ?? '';
  if (prompt.startsWith('Plan a ')) return 'Cheap solar power\n1. Why prices fell\n2. Storage\n3. What comes next';
  const section = /Write the section "([^"]+)"/.exec(prompt);
  if (section) return `${section[1]} matters because panels got cheaper every year. Utilities now plan around it.`;
  if (prompt.includes('Write only the new part'))
    return 'Grid operators are also testing pumped hydro storage in the Alps.';
  const text = prompt.split('\n\nText:\n')[1] ?? '';
  if (prompt.startsWith('Expand'))
    return `${text}\n\nThis matters for households too, since bills follow the cost of power.`;
  return text;
}

let fault: ((index: number) => OpenAiTestFault | undefined) | undefined;
const llm = await startOpenAiTestServer({
  reply,
  models: ['test-writer'],
  chunkDelayMs: 2,
  fault: (_request, index) => fault?.(index),
});
afterAll(() => llm.close());

async function run(client: TestClient, tool: string, body: object) {
  const started = await client.post(`${DETECTOR}/v1/tools/${tool}/jobs`, body);
  expect(started.statusCode, started.body).toBe(202);
  const job = jobSnapshotSchema.parse(started.json());
  const snapshots = await followToEnd(client, job.job_id);
  return { job, snapshots, last: snapshots.at(-1) };
}

async function stored(client: TestClient, historyId: string | null | undefined) {
  return historyDetailSchema.parse((await client.get(`${DETECTOR}/v2/ai-detector/user-history/${historyId}`)).json());
}

describeOnEachDatabase('generation tools', (database) => {
  const t = useTestApp(database, {
    env: { LLM_BASE_URL: llm.url, LLM_MODELS: 'test-writer', LLM_TIMEOUT_SECONDS: '2', LLM_MAX_RETRIES: '0' },
  });

  // The first run loads the lexicon and the detector's models into an engine thread (seconds under tsx): done here, so
  // no test's own time limit pays for it.
  beforeAll(async () => {
    const { client } = await newUser(t());
    expect((await run(client, 'summarize', { text: TEXT })).last?.status).toBe('succeeded');
  }, 180_000);

  it('lists the models it can write with', async () => {
    const { client } = await newUser(t());
    const models = generationModelsSchema.parse((await client.get(`${DETECTOR}/v1/tools/generation/models`)).json());
    expect(models).toEqual({
      items: [{ id: 'test-writer', name: 'test-writer', provider: 'openai-compatible' }],
      default: 'test-writer',
    });
  });

  describe('content enhancer', () => {
    it('rewrites offline, stores each variant as a child and charges the words it wrote (REWRITE × 1.5)', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const { job, last } = await run(client, 'rewrite', {
        text: TEXT,
        variants: 2,
        strength: 'strong',
        tone: 'casual',
      });
      expect(job.cost).toBe(Math.ceil(words(TEXT) * 2 * 1.5));
      expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
      const detail = await stored(client, last?.history_id);
      const result = enhancerResultSchema.parse(detail.result);
      expect(result.variants).toHaveLength(2);
      for (const variant of result.variants) {
        expect(variant.generator.kind).toBe('built-in');
        expect(variant.text).toContain('89%');
        expect(variant.text).toContain('Tesla');
        expect(variant.meaning.score).toBeGreaterThan(0.7);
      }
      expect(detail.item).toMatchObject({ model_name: 'REWRITE', has_children: true });
      expect(detail.item.children.map((child) => child.title)).toEqual(['Rewrite: variant 1', 'Rewrite: variant 2']);
      const charged = Math.ceil(Math.min(result.words_out, words(TEXT) * 2) * 1.5);
      expect(detail.item.cost).toBe(charged);
      expect(await totalBalance(client)).toBe(before - charged);
      expect(userId).toBeTruthy();
    });

    it('summarizes and shortens offline, shorter than the text', async () => {
      const { client } = await newUser(t());
      for (const [tool, modelName] of [
        ['summarize', 'SUMMARIZE'],
        ['shorten', 'SHORTEN'],
      ] as const) {
        const { last } = await run(client, tool, { text: TEXT, length: { ratio: 0.4 } });
        expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
        const detail = await stored(client, last?.history_id);
        const result = enhancerResultSchema.parse(detail.result);
        expect(detail.item.model_name).toBe(modelName);
        expect(result.words_out).toBeLessThan(words(TEXT));
        expect(detail.item.cost).toBe(result.words_out);
      }
    });

    it('expands with the model, streaming its text, and adds content charging only the new words', async () => {
      const { client } = await newUser(t());
      const expanded = await run(client, 'expand', { text: TEXT, length: { ratio: 1.5 } });
      expect(expanded.last?.status, JSON.stringify(expanded.last?.error)).toBe('succeeded');
      expect(expanded.snapshots.some((s) => typeof (s.partial as { text?: string } | null)?.text === 'string')).toBe(
        true,
      );
      const result = enhancerResultSchema.parse((await stored(client, expanded.last?.history_id)).result);
      expect(result.variants[0]?.generator).toEqual({ kind: 'model', model: 'test-writer' });
      expect(result.variants[0]?.text).toContain('bills follow the cost of power');

      const added = await run(client, 'add-content', { text: TEXT, instruction: 'storage' });
      const detail = await stored(client, added.last?.history_id);
      const addition = enhancerResultSchema.parse(detail.result);
      expect(addition.variants[0]?.text.startsWith(TEXT)).toBe(true);
      expect(addition.words_out).toBe(words('Grid operators are also testing pumped hydro storage in the Alps.'));
      expect(detail.item.cost).toBe(Math.ceil(addition.words_out * 1.5));
    });
  });

  describe('bad input and failing models', () => {
    it('refuses empty text, text over the limit and an outline of 200 headings before anything is reserved', async () => {
      const { client, userId } = await newUser(t());
      expectError(await client.post(`${DETECTOR}/v1/tools/humanizer/jobs`, { text: '   ' }), 400, 'validation_failed');
      expectError(
        await client.post(`${DETECTOR}/v1/tools/rewrite/jobs`, { text: 'word '.repeat(8_000) }),
        413,
        'payload_too_large',
      );
      const outline = { title: 'Too long', headings: Array.from({ length: 200 }, (_, i) => `Heading ${i + 1}`) };
      const refused = await client.post(`${DETECTOR}/v1/tools/ai-writer/jobs`, { topic: 'Solar power', outline });
      expectError(refused, 400, 'validation_failed');
      expect(refused.body).toContain('An outline has at most 20 headings');
      await expectNothingStored(t(), userId);
    });

    it.each([
      ['fails mid-stream', { type: 'drop', afterChunks: 3 } as const, /^llm_/],
      ['answers 503', { type: 'status', status: 503 } as const, /^llm_/],
      ['goes silent', { type: 'stall', afterChunks: 2 } as const, /^llm_timeout$/],
    ])('charges nothing and stores nothing when the model %s', async (_name, failure, code) => {
      const { client, userId } = await newUser(t());
      fault = () => failure;
      try {
        const { last } = await run(client, 'expand', { text: TEXT });
        expect(last?.status).toBe('failed');
        expect(last?.error?.code).toMatch(code);
        expect(last?.error?.message).toMatch(/No tokens were charged/);
      } finally {
        fault = undefined;
      }
      await expectNothingStored(t(), userId);
    });

    it('stops a cancelled article mid-section: nothing charged, nothing stored', async () => {
      const { client, userId } = await newUser(t());
      fault = () => ({ type: 'delay', ms: 1_500 });
      try {
        const started = jobSnapshotSchema.parse(
          (
            await client.post(`${DETECTOR}/v1/tools/ai-writer/jobs`, {
              topic: 'Solar power',
              outline: { title: 'Cheap solar', headings: ['Prices', 'Storage'] },
            })
          ).json(),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        const cancelled = jobSnapshotSchema.parse(
          (await client.post(`${DETECTOR}/v1/jobs/${started.job_id}/cancel`)).json(),
        );
        expect(cancelled.status).toBe('cancelled');
      } finally {
        fault = undefined;
      }
      await expectNothingStored(t(), userId);
    });
  });

  describe('stealth AI writer', () => {
    it('writes an outline, then the article from the edited outline, section by section, and reopens it', async () => {
      const { client } = await newUser(t());
      const outlined = await client.post(`${DETECTOR}/v1/tools/ai-writer/outline`, {
        topic: 'Why solar power got cheap',
      });
      expect(outlined.statusCode, outlined.body).toBe(200);
      const outline = outlineResponseSchema.parse(outlined.json());
      expect(outline).toEqual({
        title: 'Cheap solar power',
        headings: ['Why prices fell', 'Storage', 'What comes next'],
        model: 'test-writer',
      });
      // The user removes one heading, adds one and reorders them.
      const edited = { title: outline.title, headings: ['Storage', 'Why prices fell', 'Who pays'] };
      const { job, snapshots, last } = await run(client, 'ai-writer', {
        topic: 'Why solar power got cheap',
        keywords: ['solar'],
        length: 300,
        outline: edited,
      });
      expect(job.cost).toBe(Math.ceil(300 * 1.25 * 2));
      expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
      const partials = snapshots.map((s) => s.partial as ArticlePartial | null).filter((p) => p !== null);
      expect(partials.some((p) => p.current === 1 && p.sections[0]?.heading === 'Storage')).toBe(true);
      const detail = await stored(client, last?.history_id);
      const article = articleResultSchema.parse(detail.result);
      expect(article.sections.map((s) => s.heading)).toEqual(edited.headings);
      expect(article.sections[2]?.text).toContain('Who pays matters');
      expect(article.markdown).toMatch(/^# Cheap solar power\n\n## Storage/);
      expect(article.meta_description.length).toBeLessThanOrEqual(160);
      expect(detail.item).toMatchObject({
        model_name: 'AI_WRITER',
        title: 'Cheap solar power',
        cost: article.words * 2,
      });
      const pdf = await client.get(`${DETECTOR}/v1/tools/ai-writer/reports/${last?.history_id}.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('AI humanizer', () => {
    it('humanizes offline, with the detector before and after, the meaning score, and the protected terms', async () => {
      const { client } = await newUser(t());
      const { last, job } = await run(client, 'humanizer', {
        text: TEXT,
        strength: 'strong',
        readability: 'high-school',
        purpose: 'article',
        glossary: ['solar farm'],
      });
      expect(job.cost).toBe(words(TEXT) * 2);
      expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
      const detail = await stored(client, last?.history_id);
      const result = humanizerResultSchema.parse(detail.result);
      expect(result.text).toContain('solar farm');
      expect(result.text).toContain('International Renewable Energy Agency');
      expect(result.ai_probability_before).not.toBeNull();
      expect(result.ai_probability_after).not.toBeNull();
      expect(result.protected.kept).toBe(result.protected.total);
      expect(detail.item).toMatchObject({ model_name: 'HUMANIZER', cost: Math.min(result.words, words(TEXT)) * 2 });
    });

    it('weighs the model’s rewrite when one is asked for', async () => {
      const { client } = await newUser(t());
      const { last } = await run(client, 'humanizer', { text: TEXT, model: 'test-writer' });
      expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
      expect(llm.requests.some((r) => JSON.stringify(r.body).includes('reads like a person wrote it'))).toBe(true);
    });
  });
});

describeOnEachDatabase('generation tools without a model', (database) => {
  const t = useTestApp(database);

  it('says how to connect one, and keeps the built-in modes working', { timeout: 180_000 }, async () => {
    const { client, userId } = await newUser(t());
    const models = generationModelsSchema.parse((await client.get(`${DETECTOR}/v1/tools/generation/models`)).json());
    expect(models).toEqual({ items: [], default: null });
    const outline = await client.post(`${DETECTOR}/v1/tools/ai-writer/outline`, { topic: 'Solar power' });
    expectError(outline, 409, 'model_required');
    expect(outline.body).toContain('npm run models:fetch -- smollm2-135m');
    const { last } = await run(client, 'expand', { text: TEXT });
    expect(last?.status).toBe('failed');
    expect(last?.error?.code).toBe('model_required');
    await expectNothingStored(t(), userId);
    const summary = await run(client, 'summarize', { text: TEXT });
    expect(summary.last?.status).toBe('succeeded');
  });
});

// CI fetches SmolLM2-135M-Instruct and must run these; elsewhere they run when CANDOR_TEST_DETECTOR_MODEL names it.
const settings = readTestSettings();
const smollm2 = settings.detectorModel;
describe.runIf(settings.ci || Boolean(smollm2))('generation tools with SmolLM2-135M-Instruct on this machine', () => {
  describeOnEachDatabase('a local GGUF', (database) => {
    const t = useTestApp(database, { env: { GENERATE_MODEL_PATH: smollm2 ?? '', ENGINE_THREADS: '1' } });
    const LOCAL = 'local:SmolLM2-135M-Instruct.Q4_1';

    it('is offered, writes an article section by section, rewrites, and humanizes', { timeout: 600_000 }, async () => {
      expect(smollm2, 'CANDOR_TEST_DETECTOR_MODEL (set by .ci/run after npm run models:fetch)').toBeDefined();
      const { client } = await newUser(t());
      const models = generationModelsSchema.parse((await client.get(`${DETECTOR}/v1/tools/generation/models`)).json());
      expect(models.default).toBe(LOCAL);

      const written = await run(client, 'ai-writer', {
        topic: 'Why solar power got cheap',
        length: 300,
        outline: { title: 'Cheap solar power', headings: ['Why prices fell', 'Storage at night'] },
      });
      expect(written.last?.status, JSON.stringify(written.last?.error)).toBe('succeeded');
      const article = articleResultSchema.parse((await stored(client, written.last?.history_id)).result);
      expect(article.generator).toEqual({ kind: 'model', model: LOCAL });
      expect(article.words).toBeGreaterThan(20);
      expect(
        written.snapshots.some((s) => ((s.partial as ArticlePartial | null)?.sections[0]?.text.length ?? 0) > 0),
      ).toBe(true);

      const rewritten = await run(client, 'rewrite', { text: TEXT.split('\n\n')[0], model: LOCAL });
      expect(rewritten.last?.status, JSON.stringify(rewritten.last?.error)).toBe('succeeded');
      const variant = enhancerResultSchema.parse((await stored(client, rewritten.last?.history_id)).result).variants[0];
      // Whatever the small model wrote, the protected spans come out kept (its paragraph replaced when it lost one).
      expect(variant?.text).toContain('89%');
      expect(variant?.text).toContain('International Renewable Energy Agency');

      const humanized = await run(client, 'humanizer', { text: TEXT.split('\n\n')[0], model: LOCAL });
      expect(humanized.last?.status, JSON.stringify(humanized.last?.error)).toBe('succeeded');
      expect(humanizerResultSchema.parse((await stored(client, humanized.last?.history_id)).result).text).toContain(
        '89%',
      );
    });
  });
});
