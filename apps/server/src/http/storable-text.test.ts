import { errorBodySchema, historyDetailSchema, unstorableCharacterMessage } from '@candor/contracts';
import { chatStreamEventSchema } from '@candor/contracts/governance';
import {
  documentAnalysisSchema,
  documentRedactionResultSchema,
  extractedTextSchema,
  jobSnapshotSchema,
} from '@candor/contracts/tools';
import { chatMessages, contactRequests, historyItems, users } from '@candor/db';
import { type OpenAiTestServer, startOpenAiTestServer } from '@candor/llm/testing';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDocx, documentXml, docxBody } from '../modules/tools/extract/fixtures/build-fixtures.js';
import { newSignup, signUpVerified, useTestApp } from '../test/app.js';
import { describeOnEachDatabase } from '../test/databases.js';
import { expectNothingStored, followToEnd, newUser, totalBalance, uploadFile } from '../test/tool-runs.js';

const AUTH = '/api/auth';
const DETECTOR = '/api/detector';
const GOVERNANCE = '/api/governance';
const MODEL = 'test-model';

// A NUL, a high surrogate without its low half, and a low one without its high half.
const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';
const REPLACEMENT = '\uFFFD';

/** The field errors of a 400 `validation_failed` answer. */
function fieldErrors(response: LightMyRequestResponse, name?: string) {
  expect(response.statusCode, `${name ?? ''} ${response.body}`).toBe(400);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe('validation_failed');
  return error.details as { path: string; message: string }[];
}

const refusedField = (path: string) => [{ path, message: unstorableCharacterMessage }];

describeOnEachDatabase('characters the database cannot store', (database) => {
  let llm: OpenAiTestServer;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    llm = await startOpenAiTestServer({ reply: () => ['Noted.'] });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  const t = useTestApp(database, { env });
  const db = () => t().database.handle.db;

  it('refuses them in a profile name, naming the field, and keeps the old name', async () => {
    const { client, userId } = await newUser(t());
    const profile = (full_name: string) =>
      client.request('PATCH', `${AUTH}/account/profile`, {
        full_name,
        email: 'unchanged@example.test',
        category: 'Writer/Content creator',
      });
    expect(fieldErrors(await profile(`Ada${NUL}Lovelace`))).toEqual(refusedField('full_name'));
    expect(fieldErrors(await profile(`Ada ${LONE_HIGH}`))).toEqual(refusedField('full_name'));
    expect(fieldErrors(await profile(`Ada ${LONE_LOW}`))).toEqual(refusedField('full_name'));
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row?.fullName).toBe('Ada Lovelace');
  });

  it('refuses them in every identity field of sign-up and sign-in', async () => {
    const client = await t().client().prime();
    for (const field of ['full_name', 'email', 'password'] as const) {
      const signup = newSignup();
      const body = { ...signup, [field]: `${signup[field]}${NUL}` };
      expect(fieldErrors(await client.post(`${AUTH}/users/signup`, body)), field).toEqual(refusedField(field));
    }
    const signin = await client.post(`${AUTH}/users/signin`, { email: 'ada@example.test', password: `x${LONE_LOW}` });
    expect(fieldErrors(signin)).toEqual(refusedField('password'));
  });

  it('refuses them in a query string and a path parameter', async () => {
    const { client } = await newUser(t());
    expect(fieldErrors(await client.get(`${DETECTOR}/v2/ai-detector/user-history/?page=1%00`))).toEqual(
      refusedField('page'),
    );
    expect(fieldErrors(await client.get(`${DETECTOR}/v2/ai-detector/user-history/%00`))).toEqual(refusedField('id'));
  });

  it('keeps a contact message, each such character replaced by U+FFFD', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const response = await client.post(`${AUTH}/contact-requests`, {
      full_name: 'Ada Lovelace',
      email: 'ada@example.test',
      message: `We would like a demo${NUL} for 40 editors ${LONE_HIGH}.`,
      appeal_type: 'I would like to Schedule a Demo',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(contactRequests).where(eq(contactRequests.id, response.json().id));
    expect(row?.message).toBe(`We would like a demo${REPLACEMENT} for 40 editors ${REPLACEMENT}.`);
    // The name is identity, not prose: refused.
    const named = await client.post(`${AUTH}/contact-requests`, {
      full_name: `Ada${NUL}`,
      email: 'ada@example.test',
      message: 'Hello',
      appeal_type: 'I would like to Schedule a Demo',
    });
    expect(fieldErrors(named)).toEqual(refusedField('full_name'));
  });

  it('sends and stores a chat message with them replaced, its masks still on the same characters', async () => {
    const { client, userId } = await newUser(t());
    const content = `Thank Margaret Hamilton${NUL} for the ${LONE_LOW} report.`;
    const start = content.indexOf('Margaret');
    const response = await client.post(`${GOVERNANCE}/v1/chats/messages`, {
      model: MODEL,
      content,
      masks: [{ start, end: start + 'Margaret Hamilton'.length, type: 'PERSON_NAME' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice(block.indexOf('data: ') + 6))));
    expect(events.at(-1)?.type).toBe('reply');
    const prompt = events.find((event) => event.type === 'prompt');
    if (prompt?.type !== 'prompt') throw new Error('no prompt event');
    expect(prompt.message.content).toBe(`Thank Margaret Hamilton${REPLACEMENT} for the ${REPLACEMENT} report.`);
    expect(prompt.message.masked_content).toBe(`Thank [PERSON_NAME_1]${REPLACEMENT} for the ${REPLACEMENT} report.`);
    const rows = await db().select().from(chatMessages).where(eq(chatMessages.userId, userId));
    expect(rows).toHaveLength(2);
  });

  it('runs a tool on a text holding them and stores it with each replaced, offsets unchanged', async () => {
    const { client } = await newUser(t());
    const text = `The committee wrote${NUL} the report. It is very clear ${LONE_HIGH}and it explains the plan${LONE_LOW}.`;
    const started = await client.post(`${DETECTOR}/v1/tools/writing-analysis/jobs`, { text });
    expect(started.statusCode, started.body).toBe(202);
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    const detail = historyDetailSchema.parse(
      (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
    );
    const stored = (detail.input as { text: string }).text;
    expect(stored).toHaveLength(text.length);
    expect(stored).toBe(
      text.replaceAll(NUL, REPLACEMENT).replace(LONE_HIGH, REPLACEMENT).replace(LONE_LOW, REPLACEMENT),
    );
  });

  it('reads an upload whose text holds a NUL as text with U+FFFD in its place', async () => {
    const { client } = await newUser(t());
    const docx = buildDocx(documentXml(docxBody([{ paragraph: `Hello${NUL}world, said the report.` }])));
    const response = await uploadFile(client, `${DETECTOR}/v1/tools/writing-analysis/extract`, 'notes.docx', docx);
    expect(response.statusCode, response.body).toBe(200);
    expect(extractedTextSchema.parse(response.json()).text).toBe(`Hello${REPLACEMENT}world, said the report.`);
  });

  it('redacts a document whose text holds a NUL, matching the text the job sent, and stores it replaced', async () => {
    const { client } = await newUser(t());
    const docx = buildDocx(
      documentXml(docxBody([{ paragraph: `Write to grace${NUL}@navy.example or Grace Hopper.` }])),
    );
    const analysed = await uploadFile(client, `${DETECTOR}/v1/tools/document-redaction/analyse`, 'note.docx', docx);
    expect(analysed.statusCode, analysed.body).toBe(200);
    const analysis = documentAnalysisSchema.parse(analysed.json());
    const start = analysis.text.indexOf('Grace Hopper');
    const started = await client.post(`${DETECTOR}/v1/tools/document-redaction/jobs`, {
      file_name: 'note.docx',
      file: docx.toString('base64'),
      text: analysis.text,
      style: 'label',
      policy: null,
      redactions: [{ start, end: start + 'Grace Hopper'.length, type: 'MANUAL' }],
    });
    expect(started.statusCode, started.body).toBe(202);
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    const detail = historyDetailSchema.parse(
      (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
    );
    const result = documentRedactionResultSchema.parse(detail.result);
    expect(result.redacted_text.trim()).toBe(`Write to grace${REPLACEMENT}@navy.example or [REDACTED].`);
    expect(JSON.stringify(detail)).not.toContain('\\u0000');
  });

  it('refuses them in a file name a run gives, and stores nothing', async () => {
    const { client, userId } = await newUser(t());
    const before = await totalBalance(client);
    const response = await client.post(`${DETECTOR}/v1/tools/writing-analysis/jobs`, {
      text: 'The committee wrote the report.',
      file_name: `notes${NUL}.txt`,
    });
    expect(fieldErrors(response)).toEqual(refusedField('file_name'));
    await expectNothingStored(t(), userId);
    expect(await totalBalance(client)).toBe(before);
    expect(await db().select().from(historyItems).where(eq(historyItems.userId, userId))).toEqual([]);
  });

  it('is checked on every route, before its handler: an unknown field or parameter of any route is refused', async () => {
    const { client } = await newUser(t());
    const routes = t().app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    let checked = 0;
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, 'probe').replace(/\*$/, 'probe');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const name = `${route.method} ${route.url}`;
      const csrf = route.url.endsWith('/users/refresh') ? 'refresh' : 'access';
      // As the SPA's API client asks: a request for a page (HTML) is the SPA's and stores nothing.
      const options = { csrf, headers: { accept: 'application/json' } } as const;
      const query = await client.request(method, `${url}?probe=${encodeURIComponent(NUL)}`, undefined, options);
      // A route whose credential isn't the session (an API key) refuses on arrival, before anything is read.
      if (query.statusCode === 401) continue;
      expect(fieldErrors(query, name), name).toEqual(refusedField('probe'));
      checked += 1;
      if (method === 'GET') continue;
      const body = await client.request(method, url, { probe: [{ nested: `x${LONE_HIGH}` }] }, options);
      expect(fieldErrors(body, name), name).toEqual(refusedField('probe.0.nested'));
    }
    expect(checked).toBeGreaterThan(40);
  });
});
