import {
  API_KEY_PREFIX,
  API_KEYS_PER_ACCOUNT,
  apiKeyListSchema,
  historyListSchema,
  publicRunSchema,
} from '@candor/contracts';
import { aiDetectionResultSchema } from '@candor/contracts/tools';
import { ledgerEntries } from '@candor/db';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import {
  buyApiPlan,
  createKey,
  expectPublicError,
  giveApiRate,
  keyRequest,
  PUBLIC,
  parseJob,
  SAMPLE_TEXT,
} from '../../test/public-api.js';
import { newUser, totalBalance } from '../../test/tool-runs.js';
import { setPlanAllowance } from '../detector/ledger.js';
import { checksumOf, isWellFormedApiKey } from './api-key-secret.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

describeOnEachDatabase('public API', (database) => {
  const t = useTestApp(database, { clock });
  const charges = async (userId: string) =>
    (
      await t()
        .database.handle.db.select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'charge')))
    ).length;

  it('creates a key, runs ai-detection with it like curl, shows the run in History, and refuses it once revoked', async () => {
    const { client, userId } = await newUser(t());
    await buyApiPlan(t, client);
    const created = await createKey(client, 'Production server');
    // Prefixed and self-checking: a scanner recognises it without the database.
    expect(created.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(isWellFormedApiKey(created.secret)).toBe(true);
    expect(created.key).toMatchObject({ name: 'Production server', last_four: created.secret.slice(-4) });
    const listed = apiKeyListSchema.parse((await client.get(`${PUBLIC}/v1/my-api-keys/`)).json());
    expect(listed.access).toMatchObject({ allowed: true, requests_per_minute: 60 });
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const before = await totalBalance(client);
    const response = await keyRequest(t(), 'POST', '/v1/ai-detection', created.secret, { text: SAMPLE_TEXT });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-ratelimit-limit']).toBe('60');
    expect(response.headers['x-ratelimit-remaining']).toBe('59');
    const job = parseJob(response);
    const words = tokenizeWords(SAMPLE_TEXT).length;
    expect(job).toMatchObject({ status: 'succeeded', tool: 'ai-detection', cost: words });
    expect(aiDetectionResultSchema.parse(job.result).words).toBe(words);
    expect(await totalBalance(client)).toBe(before - words);

    // The same typed result the screen reopens, in History with its friendly name, marked as an API run.
    const history = historyListSchema.parse((await client.get('/api/detector/v2/ai-detector/user-history/')).json());
    expect(history.items[0]).toMatchObject({
      history_id: job.run_id,
      model_name: 'AI_DETECTION',
      source: 'api',
      api_key_name: 'Production server',
    });
    const run = publicRunSchema.parse((await keyRequest(t(), 'GET', `/v1/runs/${job.run_id}`, created.secret)).json());
    expect(run).toMatchObject({ source: 'api', tool: 'ai-detection', result: job.result });

    // GPTZero's clients send x-api-key.
    const viaHeader = await keyRequest(t(), 'GET', '/v1/balance', undefined, undefined, {
      'x-api-key': created.secret,
    });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    expect(viaHeader.json()).toMatchObject({ object: 'balance', total: before - words });
    const listedAfter = apiKeyListSchema.parse((await client.get(`${PUBLIC}/v1/my-api-keys/`)).json());
    expect(listedAfter.items[0]?.last_used_at).not.toBeNull();

    const revoked = await client.request('DELETE', `${PUBLIC}/v1/my-api-keys/${created.key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await keyRequest(t(), 'POST', '/v1/ai-detection', created.secret, { text: SAMPLE_TEXT });
    const error = expectPublicError(refused, 401, 'invalid_api_key');
    expect(error.type).toBe('authentication_error');
    expect(await charges(userId)).toBe(1);
    // The first run loads the detector's model in its engine thread: seconds on a busy machine.
  }, 120_000);

  it('refuses missing, garbled, unknown, revoked and expired keys with one error shape and charges nothing', async () => {
    const { client, userId } = await newUser(t());
    await buyApiPlan(t, client);
    const live = await createKey(client, 'live');
    const expiring = await createKey(client, 'short-lived', { expires_in_days: 1 });
    const revoked = await createKey(client, 'revoked');
    await client.request('DELETE', `${PUBLIC}/v1/my-api-keys/${revoked.key.id}`);

    const missing = expectPublicError(
      await keyRequest(t(), 'POST', '/v1/ai-detection', undefined, { text: SAMPLE_TEXT }),
      401,
      'missing_api_key',
    );
    expect(missing.type).toBe('authentication_error');
    // A well-formed key nobody issued: right shape and checksum, unknown secret.
    const random = 'A'.repeat(32);
    const unknown = `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
    const flipped = `${live.secret.slice(0, -1)}${live.secret.endsWith('A') ? 'B' : 'A'}`;
    offsetMs = 0;
    const answers = [];
    for (const key of ['garbage', 'Bearer', flipped, unknown, revoked.secret]) {
      const response = await keyRequest(t(), 'POST', '/v1/ai-detection', key, { text: SAMPLE_TEXT });
      answers.push(expectPublicError(response, 401, 'invalid_api_key'));
    }
    offsetMs = 2 * 86_400_000;
    try {
      answers.push(
        expectPublicError(
          await keyRequest(t(), 'POST', '/v1/ai-detection', expiring.secret, { text: SAMPLE_TEXT }),
          401,
          'invalid_api_key',
        ),
      );
    } finally {
      offsetMs = 0;
    }
    expect(new Set(answers.map((a) => a.message)).size).toBe(1);
    expect(await charges(userId)).toBe(0);
  });

  it('says why a key cannot be created without API access, and links to the API plans', async () => {
    const { client } = await newUser(t());
    const listed = apiKeyListSchema.parse((await client.get(`${PUBLIC}/v1/my-api-keys/`)).json());
    expect(listed.access).toMatchObject({ allowed: false, plan_name: 'Free' });
    expect(listed.access.reason).toMatch(/Free plan has no API access/);
    const refused = await client.post(`${PUBLIC}/v1/my-api-keys/`, { name: 'x' });
    const error = expectPublicError(refused, 403, 'api_access_required');
    expect(error.details).toEqual({ pricing_url: '/pricing?tab=api-agent' });
  });

  it('limits names, expiry and keys per account; deleting another user’s key is 404', async () => {
    const { client } = await newUser(t());
    await buyApiPlan(t, client);
    expectPublicError(
      await client.post(`${PUBLIC}/v1/my-api-keys/`, { name: 'x'.repeat(65) }),
      400,
      'validation_failed',
    );
    expectPublicError(await client.post(`${PUBLIC}/v1/my-api-keys/`, { name: '  ' }), 400, 'validation_failed');
    expectPublicError(
      await client.post(`${PUBLIC}/v1/my-api-keys/`, { name: 'x', expires_in_days: 0 }),
      400,
      'validation_failed',
    );
    for (let i = 0; i < API_KEYS_PER_ACCOUNT; i++) await createKey(client, `key ${i}`);
    expectPublicError(await client.post(`${PUBLIC}/v1/my-api-keys/`, { name: 'one more' }), 409, 'too_many_api_keys');
    const [first] = apiKeyListSchema.parse((await client.get(`${PUBLIC}/v1/my-api-keys/`)).json()).items;
    const other = await newUser(t());
    expectPublicError(await other.client.request('DELETE', `${PUBLIC}/v1/my-api-keys/${first?.id}`), 404, 'not_found');
  });

  it('answers bad input with a clear 4xx in the one error shape and charges nothing', async () => {
    const { client, userId } = await newUser(t());
    await buyApiPlan(t, client);
    const { secret } = await createKey(client);
    const before = await totalBalance(client);

    const invalid = expectPublicError(
      await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: '' }),
      400,
      'validation_failed',
    );
    expect(invalid).toMatchObject({ type: 'invalid_request_error', param: 'text' });
    expectPublicError(
      await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: 'The fence is fixed now. '.repeat(9_000) }),
      413,
      'payload_too_large',
    );
    const huge = await keyRequest(
      t(),
      'POST',
      '/v1/ai-detection',
      secret,
      JSON.stringify({ text: 'a'.repeat(3 * 1024 * 1024) }),
      {
        'content-type': 'application/json',
      },
    );
    expectPublicError(huge, 413, 'payload_too_large');
    const unknownTool = expectPublicError(
      await keyRequest(t(), 'POST', '/v1/mind-reading', secret, { text: SAMPLE_TEXT }),
      404,
      'unknown_tool',
    );
    expect(unknownTool.message).toContain('ai-detection');
    expectPublicError(
      await keyRequest(t(), 'POST', '/v1/jobs', secret, { tool: 'mind-reading', input: {} }),
      400,
      'unknown_tool',
    );
    const wrongType = await keyRequest(t(), 'POST', '/v1/ai-detection', secret, SAMPLE_TEXT, {
      'content-type': 'text/plain',
    });
    expect(expectPublicError(wrongType, 415, 'unsupported_media_type').message).toMatch(/application\/json/);
    const notJson = await keyRequest(t(), 'POST', '/v1/ai-detection', secret, '{"text": ', {
      'content-type': 'application/json',
    });
    expectPublicError(notJson, 400, 'bad_request');
    expectPublicError(await keyRequest(t(), 'GET', '/v1/no-such-thing', secret), 404, 'not_found');

    expect(await totalBalance(client)).toBe(before);
    expect(await charges(userId)).toBe(0);
  });

  it('answers 402 with the balance when the tokens do not cover a run', async () => {
    const { client, userId } = await newUser(t());
    await buyApiPlan(t, client);
    const { secret } = await createKey(client);
    // A spent allowance, set through the ledger as a plan change would.
    await t().database.handle.db.transaction((tx) =>
      setPlanAllowance(tx, { userId, tokens: 3, reason: 'admin_adjustment', now: new Date() }),
    );
    const error = expectPublicError(
      await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }),
      402,
      'insufficient_tokens',
    );
    expect(error.type).toBe('quota_error');
    expect(error.details).toMatchObject({ available: 3 });
  });

  it('replays an idempotent POST, charging once, and refuses the key with another body (409)', async () => {
    const { client, userId } = await newUser(t());
    await buyApiPlan(t, client);
    const { secret } = await createKey(client);
    const headers = { 'idempotency-key': 'order-42' };
    const first = await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['original-request']).toBe(first.headers['x-request-id']);
    expect(parseJob(again).id).toBe(parseJob(first).id);
    expect(await charges(userId)).toBe(1);

    const other = await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: `${SAMPLE_TEXT} Again.` }, headers);
    expect(expectPublicError(other, 409, 'idempotency_key_reused').type).toBe('idempotency_error');
    // Another account may use the same string for its own request.
    const stranger = await newUser(t());
    await buyApiPlan(t, stranger.client);
    const theirs = await createKey(stranger.client);
    const own = await keyRequest(
      t(),
      'POST',
      '/v1/jobs',
      theirs.secret,
      { tool: 'writing-analysis', input: { text: SAMPLE_TEXT } },
      headers,
    );
    expect(own.statusCode, own.body).toBe(202);
    expectPublicError(
      await keyRequest(
        t(),
        'POST',
        '/v1/ai-detection',
        secret,
        { text: SAMPLE_TEXT },
        { 'idempotency-key': 'bad key with spaces' },
      ),
      400,
      'idempotency_key_invalid',
    );
    expect(await charges(userId)).toBe(1);
  });

  it('runs any tool as a job: 202 with a status URL, polled to its result', async () => {
    const { client, userId } = await newUser(t());
    // Polling spends requests: a rate no busy machine's polling reaches.
    await giveApiRate(t(), userId, 10_000);
    const { secret } = await createKey(client);
    const started = await keyRequest(t(), 'POST', '/v1/jobs', secret, {
      tool: 'writing-analysis',
      input: { text: SAMPLE_TEXT },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = parseJob(started);
    expect(job.status_url).toBe(`http://localhost:8080/api/public/v1/jobs/${job.id}`);
    let polled = job;
    for (let i = 0; i < 100 && polled.finished_at === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      polled = parseJob(await keyRequest(t(), 'GET', `/v1/jobs/${job.id}`, secret));
    }
    expect(polled).toMatchObject({ status: 'succeeded', tool: 'writing-analysis' });
    expect(polled.result).toMatchObject({ counts: { words: tokenizeWords(SAMPLE_TEXT).length } });
    const cancelled = parseJob(await keyRequest(t(), 'POST', `/v1/jobs/${job.id}/cancel`, secret));
    expect(cancelled.status).toBe('succeeded');
    const listed = await keyRequest(t(), 'GET', '/v1/jobs', secret);
    expect(listed.json().data.map((j: { id: string }) => j.id)).toContain(job.id);
  });

  it('answers a run that made a file with the file’s description and serves its bytes', async () => {
    const { client } = await newUser(t());
    await buyApiPlan(t, client);
    const { secret } = await createKey(client);
    const text = 'Write to ada.lovelace@example.com about the invoice.';
    const start = text.indexOf('ada.');
    const job = parseJob(
      await keyRequest(t(), 'POST', '/v1/document-redaction', secret, {
        file_name: 'note.txt',
        file: Buffer.from(text).toString('base64'),
        text,
        style: 'label',
        policy: null,
        redactions: [{ start, end: text.indexOf(' about'), type: 'EMAIL_ADDRESS' }],
      }),
    );
    expect(job.status).toBe('succeeded');
    expect(job.files).toHaveLength(1);
    const [file] = job.files;
    expect(file).toMatchObject({ media_type: 'text/plain; charset=utf-8' });
    expect(file?.url).toMatch(new RegExp(`/v1/runs/${job.run_id}/files/${file?.id}$`));
    const run = publicRunSchema.parse((await keyRequest(t(), 'GET', `/v1/runs/${job.run_id}`, secret)).json());
    expect(run.files).toEqual(job.files);
    const download = await keyRequest(t(), 'GET', `/v1/runs/${job.run_id}/files/${file?.id}`, secret);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(file?.bytes);
    expect(download.body).not.toContain('ada.lovelace');
  });

  it('never lets one account’s key read or touch another account’s jobs, runs and files', async () => {
    const owner = await newUser(t());
    await buyApiPlan(t, owner.client);
    const ownerKey = await createKey(owner.client);
    const intruder = await newUser(t());
    await buyApiPlan(t, intruder.client);
    const intruderKey = await createKey(intruder.client);
    const job = parseJob(await keyRequest(t(), 'POST', '/v1/ai-detection', ownerKey.secret, { text: SAMPLE_TEXT }));
    expect(job.status).toBe('succeeded');
    const fileId = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', `/v1/jobs/${job.id}`],
      ['POST', `/v1/jobs/${job.id}/cancel`],
      ['GET', `/v1/runs/${job.run_id}`],
      ['GET', `/v1/runs/${job.run_id}/files/${fileId}`],
    ] as const) {
      expectPublicError(await keyRequest(t(), method, url, intruderKey.secret), 404, 'not_found');
      // The owner reaches each of them (a file that doesn't exist is 404 for the owner too).
      const own = await keyRequest(t(), method, url, ownerKey.secret);
      expect(own.statusCode, `${method} ${url}`).toBe(url.includes('/files/') ? 404 : 200);
    }
    const jobs = await keyRequest(t(), 'GET', '/v1/jobs', intruderKey.secret);
    expect(jobs.json().data).toEqual([]);
    const balance = await keyRequest(t(), 'GET', '/v1/balance', intruderKey.secret);
    expect(balance.json().total).toBe(await totalBalance(intruder.client));
  });

  it('counts requests per key and answers 429 with retry-after once the plan’s minute is spent', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 3);
    const { secret } = await createKey(client);
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const response = await keyRequest(t(), 'GET', '/v1/balance', secret);
      expect(response.statusCode).toBe(200);
      remaining.push(response.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await keyRequest(t(), 'GET', '/v1/balance', secret);
    expect(expectPublicError(limited, 429, 'rate_limited').type).toBe('rate_limit_error');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    // Another key has its own minute.
    const second = await createKey(client, 'second');
    expect((await keyRequest(t(), 'GET', '/v1/balance', second.secret)).statusCode).toBe(200);
  });

  it('stops a key while the plan lacks API access and starts it again with it', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 10);
    const { secret } = await createKey(client);
    await giveApiRate(t(), userId, null);
    // An instance reads a plan's access again at most every 5 s.
    offsetMs += 6_000;
    const refused = expectPublicError(await keyRequest(t(), 'GET', '/v1/balance', secret), 403, 'api_access_required');
    expect(refused.type).toBe('permission_error');
    await giveApiRate(t(), userId, 10);
    offsetMs += 6_000;
    try {
      expect((await keyRequest(t(), 'GET', '/v1/balance', secret)).statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  describe('CORS', () => {
    it('sends no CORS header to an origin nobody configured', async () => {
      const { client, userId } = await newUser(t());
      await giveApiRate(t(), userId, 10);
      const { secret } = await createKey(client);
      const response = await keyRequest(t(), 'GET', '/v1/balance', secret, undefined, {
        origin: 'https://evil.example',
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t().app.inject({
        method: 'OPTIONS',
        url: `${PUBLIC}/v1/ai-detection`,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describeOnEachDatabase('public API with allowed origins', (database) => {
  const t = useTestApp(database, { env: { API_CORS_ORIGINS: 'https://app.example.com' } });

  it('answers a configured origin’s preflight and requests', async () => {
    const preflight = await t().app.inject({
      method: 'OPTIONS',
      url: `${PUBLIC}/v1/ai-detection`,
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  });
});
