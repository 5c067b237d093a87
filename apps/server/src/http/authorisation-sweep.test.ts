import { randomUUID } from 'node:crypto';
import {
  accountSessionsSchema,
  checkoutSessionSchema,
  webhookDeliveryListSchema,
  webhookEndpointSavedSchema,
} from '@candor/contracts';
import { documentAnalysisSchema, jobSnapshotSchema } from '@candor/contracts/tools';
import {
  apiKeys,
  chats,
  checkoutSessions,
  historyFiles,
  historyItems,
  invoices,
  refreshTokens,
  subscriptions,
  tokenAccounts,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '@candor/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { cards, paymentSteps } from '../modules/payment/payments.test-support.js';
import { buildDocx, documentXml, docxBody } from '../modules/tools/extract/fixtures/build-fixtures.js';
import { signUpVerified, type TestApp, type TestClient, useTestApp } from '../test/app.js';
import { describeOnEachDatabase } from '../test/databases.js';
import { createKey, giveApiRate, keyRequest, PUBLIC, parseJob } from '../test/public-api.js';
import { followToEnd, uploadFile } from '../test/tool-runs.js';
import type { RegisteredRoute } from './route-catalogue.js';

/**
 * The authorisation sweep: every route the server registers (read from its own route table, so a new route is swept
 * without being added anywhere) is called by user B, by a signed-out visitor and with B's API key, with user A's ids
 * wherever it takes an id. A 2xx whose body holds anything of A's (a canary word, A's e-mail, any id of A's objects)
 * fails, and so does any call after which A's rows in the database differ.
 *
 * An id parameter the sweep cannot place fails the test: describe it in ID_PARAMS below (which of A's objects it
 * addresses, or a public value such as a catalogue slug) and, for a new kind of object, create one in `objectsOfA`.
 */

type Kind =
  | 'authSession'
  | 'checkoutSession'
  | 'invoice'
  | 'history'
  | 'redaction'
  | 'voice'
  | 'job'
  | 'chat'
  | 'apiKey'
  | 'delivery'
  | 'publicJob'
  | 'run'
  | 'runFile';

/** Where each id parameter points: one of A's objects, or a public value that belongs to nobody. */
const ID_PARAMS: { route: RegExp; params: Record<string, Kind | { public: string }> }[] = [
  { route: /^\/api\/auth\/account\/sessions\/:id$/, params: { id: 'authSession' } },
  { route: /^\/api\/payment\/v1\/checkout\/local\/:sessionId/, params: { sessionId: 'checkoutSession' } },
  { route: /^\/api\/payment\/v1\/token-packets\/:id$/, params: { id: { public: 'tokens-50k' } } },
  { route: /^\/api\/payment\/v1\/coupons\/:code$/, params: { code: { public: 'NOSUCHCODE' } } },
  {
    route: /^\/api\/payment\/v1\/payments\/plan-checkout-session\/:id$/,
    params: { id: { public: 'ai-detector-pro-monthly' } },
  },
  {
    route: /^\/api\/payment\/v1\/payments\/token-packet-checkout-session\/:id$/,
    params: { id: { public: 'tokens-50k' } },
  },
  { route: /^\/api\/payment\/v1\/payments\/checkout-sessions\/:id$/, params: { id: 'checkoutSession' } },
  { route: /^\/api\/payment\/v1\/payments\/invoices\/:id\/receipt$/, params: { id: 'invoice' } },
  { route: /^\/api\/detector\/v2\/ai-detector\/user-history\/:id$/, params: { id: 'history' } },
  { route: /^\/api\/detector\/v1\/tools\/:tool\/(jobs|extract)$/, params: { tool: { public: 'writing-analysis' } } },
  { route: /^\/api\/detector\/v1\/jobs\/:id/, params: { id: 'job' } },
  {
    route: /^\/api\/detector\/v1\/tools\/:tool\/reports\/:file$/,
    params: { tool: { public: 'writing-analysis' }, file: 'history' },
  },
  { route: /^\/api\/detector\/v1\/tools\/document-redaction\/:id\/file$/, params: { id: 'redaction' } },
  { route: /^\/api\/detector\/v1\/tools\/voice-detection\/:id\/audio$/, params: { id: 'voice' } },
  { route: /^\/api\/governance\/my-chats\/:id$/, params: { id: 'chat' } },
  { route: /^\/api\/public\/v1\/my-api-keys\/:id$/, params: { id: 'apiKey' } },
  { route: /^\/api\/public\/v1\/webhook-endpoint\/deliveries\/:id\/resend$/, params: { id: 'delivery' } },
  { route: /^\/api\/public\/v1\/:tool$/, params: { tool: { public: 'writing-analysis' } } },
  { route: /^\/api\/public\/v1\/jobs\/:id/, params: { id: 'publicJob' } },
  { route: /^\/api\/public\/v1\/runs\/:id$/, params: { id: 'run' } },
  { route: /^\/api\/public\/v1\/runs\/:id\/files\/:file$/, params: { id: 'redaction', file: 'runFile' } },
];

/** Bodies that get past validation, so the ownership check is what answers (a 400 would prove nothing). */
const BODIES: [RegExp, string, unknown][] = [
  [/^\/api\/governance\/my-chats\/:id$/, 'PATCH', { title: 'Taken over' }],
  [/^\/api\/payment\/v1\/checkout\/local\/:sessionId\/pay$/, 'POST', 'form:success'],
  [/^\/api\/payment\/v1\/checkout\/local\/:sessionId\/confirm$/, 'POST', 'form:approve'],
  [/^\/api\/public\/v1\/webhook-endpoint$/, 'PUT', { url: 'https://hooks.example.com/taken-over' }],
];

const CANARY = `zqcanary${randomUUID().slice(0, 8)}`;

interface ObjectsOfA {
  ids: Record<Kind, string>;
  email: string;
  client: TestClient;
  key: string;
}

/** Real objects of user A, each holding the canary where it holds text. */
async function objectsOfA(t: TestApp): Promise<ObjectsOfA> {
  const steps = paymentSteps(() => t);
  const client = t.client();
  const { user, input } = await signUpVerified(t, client, { full_name: `Ada ${CANARY}` });
  await giveApiRate(t, user.id, 10_000);

  const run = async (path: string, body: unknown) => {
    const started = await client.post(path, body);
    expect(started.statusCode, started.body).toBe(202);
    const job = jobSnapshotSchema.parse(started.json());
    const last = (await followToEnd(client, job.job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    return { job: job.job_id, history: last?.history_id ?? '' };
  };
  const analysis = await run('/api/detector/v1/tools/writing-analysis/jobs', {
    text: `The committee wrote the report about ${CANARY}, and the plan is clear to everyone who read it.`,
  });

  const docx = buildDocx(documentXml(docxBody([{ paragraph: `Write to Grace Hopper about ${CANARY} today.` }])));
  const analysed = await uploadFile(
    client,
    '/api/detector/v1/tools/document-redaction/analyse',
    `${CANARY}.docx`,
    docx,
  );
  expect(analysed.statusCode, analysed.body).toBe(200);
  const text = documentAnalysisSchema.parse(analysed.json()).text;
  const start = text.indexOf('Grace Hopper');
  const redaction = await run('/api/detector/v1/tools/document-redaction/jobs', {
    file_name: `${CANARY}.docx`,
    file: docx.toString('base64'),
    text,
    style: 'label',
    policy: null,
    redactions: [{ start, end: start + 'Grace Hopper'.length, type: 'MANUAL' }],
  });
  const [file] = await t.database.handle.db
    .select()
    .from(historyFiles)
    .where(eq(historyFiles.historyId, redaction.history));

  // A kept recording, as a voice run stores it (the audio engine's own tests run it; here only its owner matters).
  const [voice] = await t.database.handle.db
    .insert(historyItems)
    .values({ userId: user.id, modelName: 'VEXON', title: `${CANARY}.wav`, input: {}, result: {} })
    .returning();
  await t.database.handle.db.insert(historyFiles).values({
    historyId: voice?.id ?? '',
    name: `${CANARY}.wav`,
    mediaType: 'audio/wav',
    content: Buffer.from(tone(1)),
  });

  const [chat] = await t.database.handle.db
    .insert(chats)
    .values({ userId: user.id, title: `Chat about ${CANARY}`, model: 'test' })
    .returning();

  // A paid packet leaves an invoice; an open plan checkout stays open.
  const packet = await steps.checkoutPacket(client, 'tokens-50k');
  expect((await steps.pay(packet.pagePath, cards.success)).statusCode).toBe(303);
  const invoice = (await steps.invoices(client))[0]?.id ?? '';
  const open = await client.post('/api/payment/v1/payments/plan-checkout-session/ai-detector-pro-yearly');
  const checkout = checkoutSessionSchema.parse(open.json()).session_id;

  const { key, secret } = await createKey(client, `Key ${CANARY}`);
  const saved = await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, {
    url: `http://127.0.0.1:9/${CANARY}`,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  webhookEndpointSavedSchema.parse(saved.json());
  expect((await client.post(`${PUBLIC}/v1/webhook-endpoint/ping`)).statusCode).toBe(202);
  const delivery = webhookDeliveryListSchema.parse(
    (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
  ).items[0]?.id;

  const publicJob = parseJob(
    await keyRequest(t, 'POST', '/v1/jobs', secret, {
      tool: 'writing-analysis',
      input: { text: `A note on ${CANARY} that the committee wrote and everyone read.` },
    }),
  );
  const sessions = accountSessionsSchema.parse((await client.get('/api/auth/account/sessions')).json());

  return {
    client,
    key: secret,
    email: input.email,
    ids: {
      authSession: sessions.items[0]?.id ?? '',
      checkoutSession: checkout,
      invoice,
      history: analysis.history,
      redaction: redaction.history,
      voice: voice?.id ?? '',
      job: analysis.job,
      chat: chat?.id ?? '',
      apiKey: key.id,
      delivery: delivery ?? '',
      publicJob: publicJob.id,
      run: analysis.history,
      runFile: file?.id ?? '',
    },
  };
}

/** A voiced tone as 16-bit PCM WAV. */
function tone(seconds: number): Uint8Array {
  const samples = seconds * 16_000;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 16_000, true);
  view.setUint32(28, 32_000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const t = i / 16_000;
    let x = 0;
    for (let h = 1; h <= 12; h++) x += Math.sin(2 * Math.PI * 130 * h * t) / h;
    view.setInt16(44 + i * 2, Math.round(6_000 * x * (0.4 + 0.6 * Math.sin(2 * Math.PI * 3 * t) ** 2)), true);
  }
  return bytes;
}

/** A's rows, minus what changes by itself (last use, update times): any other difference is another's doing. */
async function rowsOfA(t: TestApp, userId: string): Promise<string> {
  const { db } = t.database.handle;
  const volatile = /^(updatedAt|lastUsedAt|lastSeenAt|lastRefreshedAt|nextAttemptAt)$/;
  const tables = {
    users: await db.select().from(users).where(eq(users.id, userId)),
    refreshTokens: await db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId)),
    history: await db.select().from(historyItems).where(eq(historyItems.userId, userId)),
    apiKeys: await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)),
    webhookEndpoints: await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)),
    webhookDeliveries: await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId)),
    chats: await db.select().from(chats).where(eq(chats.userId, userId)),
    checkoutSessions: await db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)),
    invoices: await db.select().from(invoices).where(eq(invoices.userId, userId)),
    subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    tokenAccounts: await db.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)),
  };
  return JSON.stringify(tables, (name, value) => (volatile.test(name) ? undefined : value), 1);
}

/** The URL with A's ids (or public values) in place of its parameters, or why it can't be built. */
function urlFor(route: RegisteredRoute, ids: Record<Kind, string>): string | { unplaced: string[] } {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (route.url.endsWith('*')) return route.url.replace(/\*$/, 'v1/tools');
  if (params.length === 0) return route.url;
  const rule = ID_PARAMS.find((candidate) => candidate.route.test(route.url));
  const unplaced = params.filter((name) => !rule?.params[name]);
  if (unplaced.length > 0) return { unplaced };
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const target = rule?.params[name];
    return encodeURIComponent(typeof target === 'object' ? target.public : ids[target as Kind]);
  });
}

type Caller = 'B' | 'signed-out' | "B's key";

describeOnEachDatabase('authorisation sweep', (database) => {
  const t = useTestApp(database, { env: { SOURCE_FETCH_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '0' } });

  it('no route gives user B, a signed-out visitor or B’s API key anything of A’s, or changes it', async () => {
    const a = await objectsOfA(t());
    const aId = (await a.client.get('/api/auth/users/info')).json().id as string;
    const b = t().client();
    const { user: userB } = await signUpVerified(t(), b);
    await giveApiRate(t(), userB.id, 10_000);
    const keyB = (await createKey(b, 'B key')).secret;
    const anonymous = await t().client().prime();

    const secrets = [CANARY, a.email, aId, a.key, ...Object.values(a.ids)].filter((value) => value.length >= 8);
    const leaked = (response: LightMyRequestResponse) =>
      response.statusCode < 300 ? secrets.filter((secret) => response.body.includes(secret)) : [];

    // Sign-out and account deletion go last, so the calls before them are made signed in.
    const endsTheSession = /\/(logout|sign-out-everywhere|delete)$/;
    const routes = t()
      .app.registeredRoutes.filter((route) => route.method !== 'HEAD')
      .sort((x, y) => Number(endsTheSession.test(x.url)) - Number(endsTheSession.test(y.url)));
    expect(routes.length).toBeGreaterThan(100);

    const unplaced: string[] = [];
    const findings: string[] = [];
    const idRoutes: [RegisteredRoute, string][] = [];
    let before = await rowsOfA(t(), aId);
    for (const route of routes) {
      const url = urlFor(route, a.ids);
      if (typeof url !== 'string') {
        unplaced.push(`${route.method} ${route.url} (:${url.unplaced.join(', :')})`);
        continue;
      }
      if (url !== route.url) idRoutes.push([route, url]);
      const example = BODIES.find(([pattern, method]) => method === route.method && pattern.test(route.url))?.[2];
      const form = typeof example === 'string' && example.startsWith('form:') ? example.slice(5) : undefined;
      const body =
        route.method === 'GET' || route.method === 'OPTIONS'
          ? undefined
          : form === 'success'
            ? new URLSearchParams({ name: 'Mallory', number: cards.success, expiry: '12/34', cvc: '123' }).toString()
            : form === 'approve'
              ? 'decision=approve'
              : (example ?? {});
      const headers: Record<string, string> = form ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const calls: [Caller, () => Promise<LightMyRequestResponse>][] = [
        ['B', () => b.request(method, url, body, { headers })],
        ['signed-out', () => anonymous.request(method, url, body, { headers })],
        [
          "B's key",
          () =>
            t().app.inject({
              method: route.method as 'GET',
              url,
              headers: { authorization: `Bearer ${keyB}`, ...headers },
              ...(body === undefined ? {} : { payload: body as string }),
            }),
        ],
      ];
      for (const [caller, call] of calls) {
        const response = await call();
        const found = leaked(response);
        if (found.length > 0) {
          findings.push(
            `${caller}: ${route.method} ${route.url} → ${response.statusCode} shows A's ${found.join(', ')}`,
          );
        }
        const after = await rowsOfA(t(), aId);
        if (after !== before) {
          findings.push(`${caller}: ${route.method} ${route.url} → ${response.statusCode} changed A's data`);
          before = after;
        }
      }
    }
    expect(
      unplaced,
      'The authorisation sweep cannot tell which object these id parameters address: describe each in ID_PARAMS ' +
        '(apps/server/src/http/authorisation-sweep.test.ts) as one of user A’s objects or a public value',
    ).toEqual([]);
    expect(findings).toEqual([]);

    // The ids were A's, and real: A reads each GET with them (the key routes with A's key).
    const readable = idRoutes.filter(([route]) => route.method === 'GET');
    expect(readable.length).toBeGreaterThan(10);
    for (const [route, url] of readable) {
      const response =
        route.config.cookies === false && url.startsWith(`${PUBLIC}/v1/`)
          ? await keyRequest(t(), 'GET', url.slice(PUBLIC.length), a.key)
          : await a.client.get(url);
      // The 3-D Secure step sends its owner back to the card form while no question is open.
      expect(response.statusCode, `A: GET ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(400);
    }
  }, 600_000);
});
