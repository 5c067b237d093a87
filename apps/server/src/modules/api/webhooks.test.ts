import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_SIGNATURE_HEADER,
  webhookDeliveryListSchema,
  webhookEndpointSavedSchema,
  webhookEndpointStateSchema,
} from '@candor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import {
  createKey,
  expectPublicError,
  giveApiRate,
  keyRequest,
  PUBLIC,
  parseJob,
  SAMPLE_TEXT,
} from '../../test/public-api.js';
import { newUser } from '../../test/tool-runs.js';
import { verifyWebhookSignature } from './webhook-signature.js';

interface Received {
  body: string;
  signature: string;
  verified: boolean;
}

/** A local receiver that checks each delivery's signature as docs/api.md tells integrators to. */
async function startReceiver() {
  const received: Received[] = [];
  let secret = '';
  let failNext = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
      received.push({ body, signature, verified: verifyWebhookSignature(secret, body, signature, Date.now() / 1000) });
      if (failNext > 0) {
        failNext--;
        response.writeHead(500).end('not now');
      } else response.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    useSecret: (value: string) => {
      secret = value;
    },
    failNext: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

let offsetMs = 0;

describeOnEachDatabase('webhooks', (database) => {
  // The loopback receiver is allowed here, as a self-hosted server may allow its own network.
  const t = useTestApp(database, {
    env: { SOURCE_FETCH_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '1' },
    clock: () => new Date(Date.now() + offsetMs),
  });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('POSTs each finished API job, signed over timestamp and body; retries with back-off; logs and resends', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 100);
    const saved = webhookEndpointSavedSchema.parse(
      (await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, { url: receiver.url })).json(),
    );
    expect(saved.secret).toMatch(/^whsec_/);
    receiver.useSecret(saved.secret ?? '');
    // The secret is shown once: reading the endpoint or changing its address never gives it again.
    const state = webhookEndpointStateSchema.parse((await client.get(`${PUBLIC}/v1/webhook-endpoint`)).json());
    expect(JSON.stringify(state)).not.toContain(saved.secret);
    const again = webhookEndpointSavedSchema.parse(
      (await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, { url: `${receiver.url}?v=2` })).json(),
    );
    expect(again.secret).toBeNull();

    const { secret } = await createKey(client);
    const job = parseJob(await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }));
    await until(() => receiver.received.length === 1);
    const [delivery] = receiver.received;
    expect(delivery?.verified).toBe(true);
    const event = JSON.parse(delivery?.body ?? '{}');
    expect(event).toMatchObject({
      object: 'event',
      type: 'job.succeeded',
      data: { object: { id: job.id, status: 'succeeded' } },
    });
    expect(event.data.object.result).toEqual(job.result);
    // A tampered body does not verify.
    expect(
      verifyWebhookSignature(saved.secret ?? '', `${delivery?.body} `, delivery?.signature ?? '', Date.now() / 1000),
    ).toBe(false);
    await until(async () => {
      const log = webhookDeliveryListSchema.parse(
        (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
      );
      return log.items[0]?.status === 'succeeded';
    });

    // A receiver that fails gets the delivery again after its back-off (30 s, here on a clock moved ahead).
    receiver.failNext(1);
    const ping = await client.post(`${PUBLIC}/v1/webhook-endpoint/ping`);
    expect(ping.statusCode, ping.body).toBe(202);
    await until(() => receiver.received.length === 2).catch((e) => {
      throw new Error(
        `${e} ${receiver.received.length} ${JSON.stringify(receiver.received.map((r) => r.body.slice(0, 80)))}`,
      );
    });
    await until(async () => {
      const log = webhookDeliveryListSchema.parse(
        (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
      );
      return log.items[0]?.attempts === 1 && log.items[0].status === 'pending';
    });
    const pending = webhookDeliveryListSchema.parse(
      (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
    ).items[0];
    expect(pending).toMatchObject({ event_type: 'ping', response_status: 500, error: 'Answered 500' });
    expect(pending?.next_attempt_at).not.toBeNull();
    offsetMs = 31_000;
    try {
      await until(async () => {
        const log = webhookDeliveryListSchema.parse(
          (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
        );
        return log.items[0]?.status === 'succeeded' && log.items[0].attempts === 2;
      });
    } finally {
      offsetMs = 0;
    }
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    // Resending from the log makes a new delivery of the same event.
    const [, first] = webhookDeliveryListSchema.parse(
      (await client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
    ).items;
    const resent = await client.post(`${PUBLIC}/v1/webhook-endpoint/deliveries/${first?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    const count = receiver.received.length;
    await until(() => receiver.received.length === count + 1);
    expect(JSON.parse(receiver.received.at(-1)?.body ?? '{}').id).toBe(first?.event_id);

    // Another account can neither see nor resend this account's deliveries.
    const other = await newUser(t());
    const theirs = webhookDeliveryListSchema.parse(
      (await other.client.get(`${PUBLIC}/v1/webhook-endpoint/deliveries`)).json(),
    );
    expect(theirs.items).toEqual([]);
    expectPublicError(
      await other.client.post(`${PUBLIC}/v1/webhook-endpoint/deliveries/${first?.id}/resend`),
      404,
      'not_found',
    );
  }, 120_000);

  it('sends the next job’s event as soon as an account without an endpoint saves one', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 100);
    const { secret } = await createKey(client);
    // Ends with no endpoint to tell: this instance now takes the account to have none, for a while.
    parseJob(await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }));
    const saved = await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, { url: receiver.url });
    expect(saved.statusCode, saved.body).toBe(200);
    const job = parseJob(await keyRequest(t(), 'POST', '/v1/ai-detection', secret, { text: SAMPLE_TEXT }));
    await until(() => receiver.received.some((r) => JSON.parse(r.body).data?.object?.id === job.id), 10_000);
  });
});

describeOnEachDatabase('webhook addresses', (database) => {
  const t = useTestApp(database);

  it('refuses a webhook URL on a private or loopback address with a clear 4xx', async () => {
    const { client } = await newUser(t());
    for (const url of [
      'http://127.0.0.1:9/hooks',
      'http://10.0.0.8/hooks',
      'http://[::1]/hooks',
      'http://localhost/hooks',
    ]) {
      const response = await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, { url });
      const error = expectPublicError(response, 422, 'webhook_url_refused');
      expect(error.message).toMatch(/private or local/);
    }
    expectPublicError(
      await client.request('PUT', `${PUBLIC}/v1/webhook-endpoint`, { url: 'ftp://example.com' }),
      400,
      'validation_failed',
    );
    const state = webhookEndpointStateSchema.parse((await client.get(`${PUBLIC}/v1/webhook-endpoint`)).json());
    expect(state).toEqual({ endpoint: null, private_addresses: false });
  });
});

describe('webhook signatures', () => {
  it('refuse an old timestamp', () => {
    expect(verifyWebhookSignature('whsec_x', '{}', 't=1,v1=00', Date.now() / 1000)).toBe(false);
  });
});
