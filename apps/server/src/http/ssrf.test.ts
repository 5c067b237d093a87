import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { historyDetailSchema, webhookDeliveryListSchema, webhookEndpointStateSchema } from '@candor/contracts';
import { jobSnapshotSchema, plagiarismResultSchema } from '@candor/contracts/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.js';
import { siteScanAddressPolicy } from '../modules/tools/site-scan/scan.js';
import { fetchSourceUrl, guardedGet, isPublicAddress } from '../modules/tools/sources/fetch-source-url.js';
import { readHtmlPage } from '../modules/tools/sources/page-text.js';
import { useTestApp } from '../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../test/databases.js';
import { giveApiRate, PUBLIC } from '../test/public-api.js';
import { followToEnd, newUser } from '../test/tool-runs.js';
import { AppError } from './errors.js';
import {
  type HostResolver,
  noPrivateAddresses,
  type PrivateAllowList,
  parsePrivateAllowList,
  privateAddressPolicy,
  useHostResolver,
} from './private-allow-list.js';

/**
 * Every place the server fetches a URL a user gave — Copyright Detector sources, the website scanner's crawler and
 * API webhooks — against the same hostile addresses. A loopback listener stands in for what must never be reached:
 * it counts every request that arrives. Names are answered by a resolver of the test's own, never real DNS.
 */

let hits = 0;
let port = 0;
const listener = http.createServer((request, response) => {
  hits += 1;
  const path = request.url ?? '/';
  if (path.startsWith('/to/')) {
    response.writeHead(302, { location: decodeURIComponent(path.slice(4)) });
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<title>Inside</title><p>Internal wiki: the quarterly numbers and the staff list.</p>');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});

const PUBLIC_ADDRESS = '93.184.216.34';
let lookups = new Map<string, number>();

/**
 * The test's DNS: fixed answers, and `rebind.test` public at the first look-up and loopback after it — only ever
 * asked by a check that connects nowhere (saving a webhook endpoint), so no test traffic leaves the machine.
 */
const testDns: HostResolver = async (hostname) => {
  const asked = (lookups.get(hostname) ?? 0) + 1;
  lookups.set(hostname, asked);
  const v4 = (address: string) => [{ address, family: 4 }];
  switch (hostname) {
    case 'localhost':
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    case 'intranet.test':
    case 'other-intranet.test':
      return v4('127.0.0.1');
    case 'metadata.test':
      return v4('169.254.169.254');
    case 'mapped.test':
      return [{ address: '::ffff:127.0.0.1', family: 6 }];
    case 'mixed.test':
      return [
        { address: PUBLIC_ADDRESS, family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
    case 'rebind.test':
      return v4(asked === 1 ? PUBLIC_ADDRESS : '127.0.0.1');
    default:
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
};

let undoDns: (() => void) | undefined;
beforeAll(() => {
  undoDns = useHostResolver(testDns);
});
afterAll(() => undoDns?.());
afterEach(() => {
  lookups = new Map();
});

/** Addresses no fetcher may reach unless configured: each names the listener's port, so a slip would be counted. */
const hostile = (): [string, string][] => [
  ['loopback', `http://127.0.0.1:${port}/`],
  ['loopback, another address of 127/8', `http://127.0.0.2:${port}/`],
  ['loopback by name', `http://localhost:${port}/`],
  ['IPv6 loopback', `http://[::1]:${port}/`],
  ['the unspecified address', `http://0.0.0.0:${port}/`],
  ['a private network (10/8)', `http://10.0.0.1:${port}/`],
  ['a private network (172.16/12)', `http://172.16.5.4:${port}/`],
  ['a private network (192.168/16)', `http://192.168.0.1:${port}/`],
  ['carrier-grade NAT', `http://100.64.0.1:${port}/`],
  ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
  ['IPv6 link-local', `http://[fe80::1]:${port}/`],
  ['IPv6 unique local', `http://[fd00::1]:${port}/`],
  ['IPv4-mapped IPv6 loopback', `http://[::ffff:127.0.0.1]:${port}/`],
  ['IPv4-mapped IPv6 metadata', 'http://[::ffff:169.254.169.254]/'],
  ['IPv4-compatible IPv6 loopback', `http://[::127.0.0.1]:${port}/`],
  ['NAT64 of loopback', `http://[64:ff9b::7f00:1]:${port}/`],
  ['loopback in decimal', `http://2130706433:${port}/`],
  ['loopback in octal', `http://0177.0.0.1:${port}/`],
  ['loopback in hex', `http://0x7f.0.0.1:${port}/`],
  ['loopback as one hex number', `http://0x7f000001:${port}/`],
  ['loopback shortened', `http://127.1:${port}/`],
  ['a name resolving to metadata', 'http://metadata.test/latest/meta-data/'],
  ['a name resolving to IPv4-mapped loopback', `http://mapped.test:${port}/`],
  ['a name with one public and one loopback answer', `http://mixed.test:${port}/`],
];

const FETCH = {
  maxBytes: 1_000_000,
  timeoutMs: 5_000,
  maxRedirects: 3,
  readHtml: async (html: string) => readHtmlPage(html),
};

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => new Error('the fetch went through'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
}

const sourceFetch = (url: string, privateAllowList: PrivateAllowList = noPrivateAddresses) =>
  fetchSourceUrl(url, { ...FETCH, privateAllowList });

const siteScanFetch = (url: string, privateOrigins: string[] = []) =>
  guardedGet(url, {
    addressPolicyFor: siteScanAddressPolicy(privateOrigins),
    maxRedirects: 3,
    timeoutMs: 5_000,
    userAgent: 'test',
    accept: 'text/html',
  }).then((response) => {
    response.discard();
    return response;
  });

describe('SSRF: the Copyright Detector source fetcher and the website scanner', () => {
  it.each([
    ['source fetcher', sourceFetch],
    ['site scanner', siteScanFetch],
  ] as const)('the %s refuses every private, local or disguised address, and reaches none', async (_name, get) => {
    hits = 0;
    for (const [what, url] of hostile()) {
      const error = await refusalOf(get(url));
      expect(error.code, `${what}: ${url} → ${error.message}`).toBe('source_address_refused');
    }
    expect(hits).toBe(0);
  });

  it('refuses a redirect from an allowed host into private space, and checks the address it connects to', async () => {
    const allowed = parsePrivateAllowList('intranet.test');
    const via = (target: string) => `http://intranet.test:${port}/to/${encodeURIComponent(target)}`;
    // The allowed host itself is read.
    expect((await sourceFetch(`http://intranet.test:${port}/`, allowed)).text).toContain('Internal wiki');
    hits = 0;
    for (const target of [
      `http://127.0.0.1:${port}/`,
      `http://other-intranet.test:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
    ]) {
      const error = await refusalOf(sourceFetch(via(target), allowed));
      expect(error.code, target).toBe('source_address_refused');
    }
    // Each redirect reached the allowed host once, and nothing beyond it.
    expect(hits).toBe(5);
    // The address checked is the one connected to: the name is looked up once, inside the connection.
    hits = 0;
    lookups = new Map();
    expect((await refusalOf(sourceFetch(`http://intranet.test:${port}/`))).code).toBe('source_address_refused');
    expect(lookups.get('intranet.test')).toBe(1);
    expect(hits).toBe(0);
  });

  it('a site scan allowed one private origin follows none of its redirects into private space', async () => {
    const origin = `http://127.0.0.1:${port}`;
    hits = 0;
    for (const target of [`http://127.0.0.2:${port}/`, `http://localhost:${port}/`, 'http://169.254.169.254/']) {
      const error = await refusalOf(siteScanFetch(`${origin}/to/${encodeURIComponent(target)}`, [origin]));
      expect(error.code, target).toBe('source_address_refused');
    }
    expect(hits).toBe(3);
  });
});

describe('SSRF: the private-address allow-list (SOURCE_FETCH_ALLOW_PRIVATE)', () => {
  it('takes hosts, addresses and networks, and refuses `true` and nonsense at start-up', () => {
    expect(parsePrivateAllowList('')).toEqual(noPrivateAddresses);
    expect(parsePrivateAllowList('false')).toEqual(noPrivateAddresses);
    const list = parsePrivateAllowList('Wiki.Intranet, 10.1.0.0/16, 127.0.0.1, fd00::/8, ::ffff:192.168.0.0/112');
    expect(list.hosts).toEqual(['wiki.intranet']);
    expect(list.networks).toHaveLength(4);
    expect(() => parseEnv({ SOURCE_FETCH_ALLOW_PRIVATE: 'true' })).toThrow(/SOURCE_FETCH_ALLOW_PRIVATE.*true/s);
    expect(() => parseEnv({ SOURCE_FETCH_ALLOW_PRIVATE: '10.0.0.0/33' })).toThrow(/not a network/);
    expect(() => parseEnv({ SOURCE_FETCH_ALLOW_PRIVATE: 'http://wiki/' })).toThrow(/not a host name/);
  });

  it('allows only what it names: a network, or a named host without its link-local addresses', () => {
    const policy = privateAddressPolicy(parsePrivateAllowList('10.1.0.0/16,wiki.intranet'), isPublicAddress);
    const elsewhere = policy(new URL('http://elsewhere.test/'));
    expect(elsewhere('10.1.2.3')).toBe(true);
    expect(elsewhere('::ffff:10.1.2.3')).toBe(true);
    expect(elsewhere('10.2.0.1')).toBe(false);
    expect(elsewhere('127.0.0.1')).toBe(false);
    expect(elsewhere(PUBLIC_ADDRESS)).toBe(true);
    const wiki = policy(new URL('http://wiki.intranet/'));
    expect(wiki('192.168.4.4')).toBe(true);
    expect(wiki('127.0.0.1')).toBe(true);
    expect(wiki('169.254.169.254')).toBe(false);
    expect(wiki('fe80::1')).toBe(false);
    expect(wiki('0.0.0.0')).toBe(false);
  });
});

describe('SSRF: API webhooks', () => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(() => database?.drop());
  const t = useTestApp(() => {
    if (!database) throw new Error('the database is not ready');
    return database;
  });
  const ENDPOINT = `${PUBLIC}/v1/webhook-endpoint`;

  it('refuses to save an endpoint on any private, local or disguised address', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 1_000);
    hits = 0;
    for (const [what, url] of hostile()) {
      const response = await client.request('PUT', ENDPOINT, { url });
      expect(response.statusCode, `${what}: ${url} → ${response.body}`).toBe(422);
      expect(response.json().error.code, what).toBe('webhook_url_refused');
    }
    expect(webhookEndpointStateSchema.parse((await client.get(ENDPOINT)).json()).endpoint).toBeNull();
    expect(hits).toBe(0);
  });

  it('checks again as each delivery connects: a name that was public when saved and rebinds to loopback gets nothing', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 1_000);
    hits = 0;
    const saved = await client.request('PUT', ENDPOINT, { url: `http://rebind.test:${port}/hooks` });
    expect(saved.statusCode, saved.body).toBe(200);
    const ping = await client.post(`${ENDPOINT}/ping`, {});
    expect(ping.statusCode, ping.body).toBeLessThan(300);
    let deliveries = webhookDeliveryListSchema.parse((await client.get(`${ENDPOINT}/deliveries`)).json());
    for (let i = 0; i < 100 && deliveries.items[0]?.error == null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deliveries = webhookDeliveryListSchema.parse((await client.get(`${ENDPOINT}/deliveries`)).json());
    }
    expect(deliveries.items[0]?.error).toMatch(/private or local network/);
    expect(lookups.get('rebind.test')).toBeGreaterThanOrEqual(2);
    expect(hits).toBe(0);
  });
});

describe('SSRF: a Copyright Detector run through the API of the screens', () => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(() => database?.drop());
  const t = useTestApp(() => {
    if (!database) throw new Error('the database is not ready');
    return database;
  });

  it('reads no private page a run names, and says why for each', async () => {
    const { client } = await newUser(t());
    hits = 0;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0x7f000001:${port}/`,
      'http://metadata.test/latest/meta-data/',
      `http://mixed.test:${port}/`,
    ];
    const started = await client.post('/api/detector/v1/tools/plagiarism/jobs', {
      text: 'The lighthouse keepers climbed the spiral stair each night to trim the wick and wind the clockwork.',
      sources: { urls, documents: [{ name: 'notes.txt', text: 'Keepers wound the clockwork every night.' }] },
    });
    expect(started.statusCode, started.body).toBe(202);
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    const detail = historyDetailSchema.parse(
      (await client.get(`/api/detector/v2/ai-detector/user-history/${last?.history_id}`)).json(),
    );
    const report = plagiarismResultSchema.parse(detail.result);
    expect(report.unread_sources.map((source) => [source.url, source.code])).toEqual(
      urls.map((url) => [url, 'source_address_refused']),
    );
    expect(hits).toBe(0);
  });
});
