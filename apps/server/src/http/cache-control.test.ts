import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jobSnapshotSchema } from '@candor/contracts/tools';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createPgliteDatabase, describeOnEachDatabase, type TestDatabase } from '../test/databases.js';
import { newUser } from '../test/tool-runs.js';

const DETECTOR = '/api/detector';

const expectNoStore = (response: LightMyRequestResponse, what: string) =>
  expect(response.headers['cache-control'], `${what} → ${response.statusCode}`).toMatch(/(^|,\s*)no-store(,|$)/);

// What may be cached because it holds nothing of anyone's: the checkout's stylesheet, the public API's reference.
const CACHEABLE = new Set(['/api/payment/v1/payments/assets/pages.css', '/api/public/openapi.json']);

// Routes that end the session or the account go last, so the others are asked while signed in.
const endsTheSession = /\/(logout|sign-out-everywhere|delete)$/;

describeOnEachDatabase('Cache-Control', (database) => {
  const t = useTestApp(database);

  it('is no-store on the answer of every route to a signed-in user, errors included', async () => {
    const { client } = await newUser(t());
    const routes = t()
      .app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .sort((a, b) => Number(endsTheSession.test(a.url)) - Number(endsTheSession.test(b.url)));
    expect(routes.length).toBeGreaterThan(40);
    const cached: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, 'probe').replace(/\*$/, 'probe');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const csrf = route.url.endsWith('/users/refresh') ? 'refresh' : 'access';
      const response = await client.request(method, url, method === 'GET' ? undefined : {}, { csrf });
      const header = String(response.headers['cache-control'] ?? '');
      if (/\bpublic\b/.test(header)) cached.push(route.url);
      else expectNoStore(response, `${route.method} ${route.url}`);
    }
    expect(cached.filter((url) => !CACHEABLE.has(url))).toEqual([]);
  });

  it('is no-store on refusals before any route: no session, a bad CSRF token, no such route', async () => {
    const anonymous = await t().client().prime();
    expectNoStore(await anonymous.get('/api/auth/users/info'), '401');
    expectNoStore(await anonymous.post(`${DETECTOR}/v1/tools/writing-analysis/jobs`, {}, { csrf: 'none' }), '403');
    expectNoStore(await anonymous.get('/api/detector/no-such-route'), '404');
    expectNoStore(await anonymous.get('/healthz'), 'health');
  });

  it('is no-store on the Server-Sent Events of a job', async () => {
    const { client } = await newUser(t());
    const started = await client.post(`${DETECTOR}/v1/tools/writing-analysis/jobs`, {
      text: 'The committee wrote the report, and the plan is clear.',
    });
    const job = jobSnapshotSchema.parse(started.json());
    expectNoStore(started, 'the job');
    const events = await client.get(`${DETECTOR}/v1/jobs/${job.job_id}/events`);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.headers['cache-control']).toBe('no-store, no-transform');
  });
});

describe('Cache-Control of the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'candor-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Candor</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });
  const t = useTestApp(
    () => {
      if (!database) throw new Error('the database is not ready');
      return database;
    },
    { env: { WEB_DIST_DIR: dist } },
  );

  it('keeps the caching the SPA asks for: hashed assets for a year, the shell revalidated', async () => {
    const client = t().client();
    expect((await client.get('/assets/app-1a2b3c.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await client.get('/history', { headers: { accept: 'text/html' } })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('serves the app to a cold load whose query holds a NUL: a page address stores nothing', async () => {
    const page = await t()
      .client()
      .get('/signin?redirect=%00', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Candor</title>');
  });
});
