import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointSaved,
  type WebhookEndpointState,
  type WebhookEventType,
  webhookEndpointInputSchema,
} from '@candor/contracts';
import { type Database, preparedQuery, webhookDeliveries, webhookEndpoints } from '@candor/db';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound, parseWith } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import {
  allowsAnyPrivate,
  type PrivateAllowList,
  privateAddressPolicy,
  resolveHost,
} from '../../http/private-allow-list.js';
import { guardedLookup, isPublicAddress } from '../tools/sources/fetch-source-url.js';
import { createSecretSealer, generateWebhookSecret, signWebhook } from './webhook-signature.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Waits after each failed attempt; after the last, the delivery has failed (about 31 hours in all). */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3_600, 6 * 3_600, 24 * 3_600];
const ATTEMPT_TIMEOUT_MS = 10_000;
// An attempt under way holds its row this long, so an instance that died mid-attempt leaves it to be retried.
const LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 20;
const DELIVERY_LIST_SIZE = 50;
const SECRET_PREFIX_LENGTH = 'whsec_'.length + 4;

export const webhookErrorCodes = {
  urlRefused: 'webhook_url_refused',
  urlUnresolvable: 'webhook_url_unresolvable',
  noEndpoint: 'webhook_endpoint_missing',
} as const;

export interface WebhooksDeps {
  db: Database;
  clock: () => Date;
  vaultKey: string;
  /** SOURCE_FETCH_ALLOW_PRIVATE: the hosts and networks of its own a self-hosted server may deliver to. */
  privateAllowList: PrivateAllowList;
  log: FastifyBaseLogger;
}

export interface WebhookEvent {
  id: string;
  object: 'event';
  type: WebhookEventType;
  created: number;
  data: { object: unknown };
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    secret_prefix: row.secretPrefix,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookEventType,
    job_id: row.jobId,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

const refused = (host: string) =>
  new AppError(
    webhookErrorCodes.urlRefused,
    422,
    `Candor does not deliver webhooks to private or local addresses (${host}). Use an address on the public internet.`,
    [{ path: 'url', message: `${host} is a private or local address` }],
  );

/** Refuses a URL whose host is, or resolves to, a private or loopback address (DESIGN.md principle 5). */
async function checkDestination(url: URL, allowList: PrivateAllowList): Promise<void> {
  if (url.username || url.password) {
    throw new AppError(webhookErrorCodes.urlRefused, 422, 'Remove the user name and password from the address', [
      { path: 'url', message: 'Remove the user name and password from the address' },
    ]);
  }
  const allowed = privateAddressPolicy(allowList, isPublicAddress)(url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (!allowed(host)) throw refused(host);
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await resolveHost(host);
  } catch {
    throw new AppError(webhookErrorCodes.urlUnresolvable, 422, `No address could be found for ${host}`, [
      { path: 'url', message: `No address could be found for ${host}` },
    ]);
  }
  if (addresses.length === 0 || addresses.some((entry) => !allowed(entry.address))) throw refused(host);
}

/** Why an attempt failed, in words the delivery log shows. */
function failureText(error: unknown): string {
  if (error instanceof AppError && error.code === 'source_address_refused') {
    return 'The address resolves to a private or local network, where Candor does not deliver';
  }
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ABORT_ERR' || code === 'ETIMEDOUT') return `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds`;
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ENOTFOUND') return 'No address could be found for the host';
  return error instanceof Error ? error.message.slice(0, 200) : 'The delivery failed';
}

/** POSTs one signed body; resolves with the receiver's status (anything but 2xx counts as a failure). */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowList: PrivateAllowList,
): Promise<number> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowed = privateAddressPolicy(allowList, isPublicAddress)(target);
  if (isIP(literal) && !allowed(literal)) return Promise.reject(refused(literal));
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: 'POST',
      // A fresh connection each time, every address checked as the socket connects (DNS rebinding included).
      agent: false,
      lookup: guardedLookup(target, allowed),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    request.once('response', (response) => {
      // The answer's body is not read beyond what it takes to free the socket.
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(body);
  });
}

// Every job an API key starts asks for the account's endpoint as it ends.
const endpointOfUser = preparedQuery((db) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare(''),
);

/**
 * How long an account seen without an endpoint is taken to have none. Most accounts have none, and every job an API
 * key starts asks as it ends; saving an endpoint on this instance clears the answer at once, and one saved on another
 * instance of a cluster is seen within this.
 */
const NO_ENDPOINT_TTL_MS = 2_000;
const NO_ENDPOINT_CACHE_MAX = 10_000;

export function createWebhooks(deps: WebhooksDeps) {
  const { db } = deps;
  const withoutEndpoint = new Map<string, number>();
  const sealer = createSecretSealer(deps.vaultKey);
  let dispatching: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const endpointOf = async (userId: string) => (await endpointOfUser(db).execute({ userId }))[0];

  async function attempt(row: DeliveryRow): Promise<void> {
    const now = deps.clock();
    const endpoint = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId)).limit(1);
    const current = endpoint[0];
    const attempts = row.attempts + 1;
    if (!current) return;
    const body = JSON.stringify(row.payload);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const secret = sealer.open(current.userId, current.secretSealed);
      status = await post(
        row.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Candor-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(now.getTime() / 1000)),
          'candor-event-id': row.eventId,
        },
        deps.privateAllowList,
      );
      if (status < 200 || status >= 300) {
        error = status >= 300 && status < 400 ? `Answered ${status}; redirects are not followed` : `Answered ${status}`;
      }
    } catch (cause) {
      error = failureText(cause);
    }
    const done = deps.clock();
    if (error === null) {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'succeeded',
          attempts,
          responseStatus: status,
          lastError: null,
          deliveredAt: done,
          nextAttemptAt: null,
        })
        .where(eq(webhookDeliveries.id, row.id));
      return;
    }
    const delay = RETRY_DELAYS_SECONDS[attempts - 1];
    await db
      .update(webhookDeliveries)
      .set({
        status: delay === undefined ? 'failed' : 'pending',
        attempts,
        responseStatus: status,
        lastError: error,
        nextAttemptAt: delay === undefined ? null : new Date(done.getTime() + delay * 1_000),
      })
      .where(eq(webhookDeliveries.id, row.id));
  }

  /** Claims due deliveries (SKIP LOCKED: instances share them) and attempts each once. */
  async function dispatchDue(): Promise<number> {
    const now = deps.clock();
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
          .where(eq(webhookDeliveries.id, row.id));
      }
      return due;
    });
    await Promise.all(
      claimed.map((row) =>
        attempt(row).catch((err) => deps.log.warn({ err, delivery: row.id }, 'a webhook delivery failed')),
      ),
    );
    return claimed.length;
  }

  /** Runs passes until nothing is due; a kick during a pass makes one more. */
  function kick(): Promise<void> {
    if (dispatching) {
      again = true;
      return dispatching;
    }
    dispatching = (async () => {
      do {
        again = false;
        while ((await dispatchDue()) === CLAIM_BATCH) {}
      } while (again);
    })()
      .catch((err) => deps.log.warn({ err }, 'dispatching webhooks failed'))
      .finally(() => {
        dispatching = null;
      });
    return dispatching;
  }

  async function enqueue(userId: string, event: WebhookEvent, jobId: string | null): Promise<DeliveryRow | undefined> {
    const endpoint = await endpointOf(userId);
    if (!endpoint) return undefined;
    const [row] = await db
      .insert(webhookDeliveries)
      .values({
        userId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        jobId,
        url: endpoint.url,
        payload: event,
        nextAttemptAt: deps.clock(),
      })
      .returning();
    void kick();
    return row;
  }

  async function secretResult(userId: string, url: string, existing: EndpointRow | undefined, newSecret: boolean) {
    const now = deps.clock();
    const secret = newSecret ? generateWebhookSecret() : null;
    const sealed = secret
      ? { secretSealed: sealer.seal(userId, secret), secretPrefix: secret.slice(0, SECRET_PREFIX_LENGTH) }
      : {};
    const [row] = existing
      ? await db
          .update(webhookEndpoints)
          .set({ url, updatedAt: now, ...sealed })
          .where(eq(webhookEndpoints.id, existing.id))
          .returning()
      : await db
          .insert(webhookEndpoints)
          .values({ userId, url, ...(sealed as { secretSealed: Buffer; secretPrefix: string }) })
          .returning();
    if (!row) throw new Error('saving the webhook endpoint returned no row');
    withoutEndpoint.delete(userId);
    return { endpoint: toEndpoint(row), secret };
  }

  return {
    enqueue,
    kick,
    async hasEndpoint(userId: string): Promise<boolean> {
      const now = deps.clock().getTime();
      if ((withoutEndpoint.get(userId) ?? 0) > now) return false;
      const found = (await endpointOf(userId)) !== undefined;
      if (found) withoutEndpoint.delete(userId);
      else {
        if (withoutEndpoint.size >= NO_ENDPOINT_CACHE_MAX) withoutEndpoint.clear();
        withoutEndpoint.set(userId, now + NO_ENDPOINT_TTL_MS);
      }
      return found;
    },
    dispatchDue,

    /** Retries due deliveries every `seconds` on this instance (every instance may; rows are claimed). */
    start(seconds: number) {
      timer = setInterval(() => void kick(), seconds * 1_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await dispatching;
    },

    async state(userId: string): Promise<WebhookEndpointState> {
      const row = await endpointOf(userId);
      return { endpoint: row ? toEndpoint(row) : null, private_addresses: allowsAnyPrivate(deps.privateAllowList) };
    },

    /** Sets the account's endpoint; a new endpoint gets a signing secret, shown in this answer only. */
    async save(userId: string, body: unknown): Promise<WebhookEndpointSaved> {
      const { url } = parseWith(webhookEndpointInputSchema, body);
      await checkDestination(new URL(url), deps.privateAllowList);
      const existing = await endpointOf(userId);
      return secretResult(userId, url, existing, !existing);
    },

    async rollSecret(userId: string): Promise<WebhookEndpointSaved> {
      const existing = await endpointOf(userId);
      if (!existing) throw notFound('Set a webhook address first');
      return secretResult(userId, existing.url, existing, true);
    },

    async remove(userId: string) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .returning({ id: webhookEndpoints.id });
      if (rows.length === 0) throw notFound('There is no webhook endpoint');
      return { deleted: true as const };
    },

    async deliveries(userId: string): Promise<WebhookDeliveryList> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.userId, userId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERY_LIST_SIZE);
      return { items: rows.map(toDelivery) };
    },

    /** Sends an event again, as a new delivery to the endpoint as it is now. */
    async resend(userId: string, deliveryId: string): Promise<WebhookDelivery> {
      const [original] = isUuid(deliveryId)
        ? await db
            .select()
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)))
            .limit(1)
        : [];
      if (!original) throw notFound('This delivery does not exist');
      const row = await enqueue(userId, original.payload as WebhookEvent, original.jobId);
      if (!row) throw notFound('Set a webhook address first');
      return toDelivery(row);
    },

    /** A `ping` event, to try the endpoint without running a tool. */
    async ping(userId: string): Promise<WebhookDelivery> {
      const event: WebhookEvent = {
        id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type: 'ping',
        created: Math.floor(deps.clock().getTime() / 1000),
        data: { object: { message: 'Candor webhooks reach this endpoint.' } },
      };
      const row = await enqueue(userId, event, null);
      if (!row) throw notFound('Set a webhook address first');
      return toDelivery(row);
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
