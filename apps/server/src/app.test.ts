import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@candor/contracts';
import { users } from '@candor/db';
import { count } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { parseEnv } from './config/env.js';
import { createMailer } from './mail/mailer.js';
import { useTestApp } from './test/app.js';
import { createPgliteDatabase, describeOnEachDatabase, type TestDatabase } from './test/databases.js';

const expectErrorShape = (body: unknown, code: string) => {
  const parsed = errorBodySchema.parse(body);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  return parsed.error;
};

describeOnEachDatabase('the HTTP app', (database, target) => {
  const t = useTestApp(database);

  it('answers /healthz and /readyz with the database kind', async () => {
    const client = t().client();
    expect((await client.get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await client.get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t().database.handle.kind });
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const client = t().client();
    const generated = await client.get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await client.get('/healthz', { headers: { 'x-request-id': 'trace-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('trace-42.abc');
    const replaced = await client.get('/healthz', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a real Content-Security-Policy, on errors too', async () => {
    const client = t().client();
    for (const response of [await client.get('/healthz'), await client.get('/api/nowhere')]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(csp).toContain("style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style");
      expect(csp).toContain("img-src 'self' data: https://*.googleusercontent.com");
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("connect-src 'self' https://accounts.google.com/gsi/");
      expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers unknown routes, including unknown paths of every service, with the 404 error shape', async () => {
    const client = await t().client().prime();
    for (const url of [
      '/api/nowhere',
      '/api/auth/users/nothing',
      '/api/payment/v9/plans',
      '/api/detector/unknown',
      '/api/governance/entities-not-yet',
      '/api/public/v1/nothing',
      '/favicon.ico',
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expectErrorShape(response.json(), 'not_found');
    }
    const post = await client.post('/api/governance/anything', {});
    expect(post.statusCode).toBe(404);
    expectErrorShape(post.json(), 'not_found');
  });

  it('refuses malformed JSON, wrong content types and oversized bodies without touching the data', async () => {
    const { db } = t().database.handle;
    const before = await db.select({ n: count() }).from(users);
    const client = await t().client().prime();
    const json = { 'content-type': 'application/json' };

    const malformed = await client.post('/api/auth/users/signup', '{"full_name": "Ada",', { headers: json });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json(), 'bad_request');

    const proto = await client.post('/api/auth/users/signup', '{"__proto__": {"admin": true}}', { headers: json });
    expect(proto.statusCode).toBe(400);
    expectErrorShape(proto.json(), 'bad_request');

    const text = await client.post('/api/auth/users/signup', 'full_name=Ada', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expectErrorShape(text.json(), 'unsupported_media_type');

    const form = await client.post('/api/auth/users/signup', 'full_name=Ada', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);

    const huge = await client.post(
      '/api/auth/users/signup',
      JSON.stringify({ full_name: 'x'.repeat(1_100_000), email: 'a@b.test' }),
      { headers: json },
    );
    expect(huge.statusCode).toBe(413);
    expectErrorShape(huge.json(), 'payload_too_large');

    const after = await db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('reports 503 on /readyz once its database is gone, and hides the failure details', async () => {
    const own = await target.create();
    const app = await buildApp({
      config: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      database: own.handle,
      mailer: createMailer({ from: 'test@candor.test', outboxDir: path.join(tmpdir(), 'unused-outbox') }),
      jwtSecret: 's'.repeat(32),
      vaultKey: 'v'.repeat(32),
      logger: pino({ level: 'silent' }),
    });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await own.drop();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expectErrorShape(down.json(), 'service_unavailable');
      // Unexpected failures answer 500 with a generic message; the details stay in the log.
      const failed = await app.inject({
        method: 'POST',
        url: '/api/auth/users/signin',
        headers: { cookie: 'csrf_access_token=abc', 'x-csrf-token': 'abc' },
        payload: { email: 'ada@example.test', password: 'Secret123' },
      });
      expect(failed.statusCode).toBe(500);
      const error = expectErrorShape(failed.json(), 'internal_error');
      expect(error.message).toBe('Something went wrong on our side. Please try again in a moment.');
      expect(failed.body).not.toMatch(/select|users|pglite|pool/i);
    } finally {
      await app.close();
    }
  });
});

describe('SERVICES', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });
  const t = useTestApp(() => database, { env: { SERVICES: 'payment' } });

  it('serves only the listed services; the others answer 404', async () => {
    const client = t().client();
    expect((await client.get('/api/payment/v1/plans/')).statusCode).toBe(200);
    const auth = await client.get('/api/auth/services/cancellation-reasons/?source=account_delete');
    expect(auth.statusCode).toBe(404);
    expectErrorShape(auth.json(), 'not_found');
  });
});

describe('the built SPA', () => {
  let database: TestDatabase;
  const dist = mkdtempSync(path.join(tmpdir(), 'candor-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });
  const t = useTestApp(() => database, { env: { WEB_DIST_DIR: dist } });
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves hashed assets as immutable for a year', async () => {
    const response = await t().client().get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers client-side routes with index.html that is always revalidated', async () => {
    for (const url of ['/', '/auth/signin', '/history?page=2', '/payment-confirmation/success']) {
      const response = await t().client().get(url, { headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(
        (
          await t()
            .client()
            .get(url, { headers: { accept: '*/*' } })
        ).statusCode,
        url,
      ).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(String(response.headers['set-cookie'])).toContain('csrf_access_token=');
    }
  });

  it('serves other files without long caching', async () => {
    const response = await t().client().get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the API and missing assets out of the HTML fallback', async () => {
    for (const url of ['/api/unknown', '/api/auth/users/unknown', '/assets/missing-123.js']) {
      const response = await t().client().get(url, { headers: html });
      expect(response.statusCode, url).toBe(404);
      expectErrorShape(response.json(), 'not_found');
    }
    const json = await t()
      .client()
      .get('/some/page', { headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const image = await t()
      .client()
      .get('/logo-missing.png', { headers: { accept: 'image/avif,image/webp' } });
    expect(image.statusCode).toBe(404);
  });
});
