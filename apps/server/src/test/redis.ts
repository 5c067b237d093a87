import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { readTestSettings } from '../config/env.js';

export interface StoreContext {
  /** The Redis client, or undefined for the in-memory store. */
  redis(): Redis | undefined;
  /** A key prefix nobody else uses; its keys are deleted after the suite. */
  keyPrefix: string;
}

async function deleteKeys(redis: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Deletes every key under `prefix` in the Redis at `url` (a suite's own namespace, after the suite). */
export async function deleteKeysAt(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await deleteKeys(redis, prefix);
  } finally {
    await redis.quit();
  }
}

/** Runs `body` with the in-memory store and, when REDIS_URL is set (required when CI=true), with Redis. */
export function describeOnEachRateLimitStore(title: string, body: (store: StoreContext) => void): void {
  const { redisUrl, ci } = readTestSettings();
  if (!redisUrl && ci) throw new Error('CI=true but REDIS_URL is not set: the Redis rate-limit tests must run in CI');

  describe(`${title} in memory`, () => body({ redis: () => undefined, keyPrefix: `candor-test:${randomUUID()}` }));

  if (!redisUrl) {
    describe.skip(`${title} in Redis (skipped: no REDIS_URL)`, () =>
      body({ redis: () => undefined, keyPrefix: 'unused' }));
    return;
  }
  describe(`${title} in Redis`, () => {
    const keyPrefix = `candor-test:${randomUUID()}`;
    let client: Redis | undefined;
    beforeAll(async () => {
      client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      await client.ping();
    });
    afterAll(async () => {
      if (!client) return;
      await deleteKeys(client, keyPrefix);
      await client.quit();
    });
    body({
      redis: () => {
        if (!client) throw new Error('Redis is not connected yet');
        return client;
      },
      keyPrefix,
    });
  });
}

/** Keys under `prefix` currently in Redis (to check that clean-up and namespacing work). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  return redis.keys(`${prefix}*`);
}

export interface RedisLink {
  /** The Redis at the other end of the link, for a client to connect through. */
  url: string;
  /** Drops every connection and refuses new ones, as Redis going down would. */
  cut(): Promise<void>;
  /** Lets connections through again. */
  restore(): Promise<void>;
  /** Keeps every connection open but passes nothing on, as an unresponsive Redis or a silent network would. */
  stall(): void;
  close(): Promise<void>;
}

/** A TCP link to the Redis at `url` that a test can cut, to see what an instance does while Redis is away. */
export async function redisLink(url: string): Promise<RedisLink> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('data', (data) => {
        if (!stalled) other.write(data);
      });
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  const listen = async (port: number) => {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  // Closed, not just emptied: a connection attempt is refused outright, as with Redis down.
  const cut = async () => {
    server.close();
    for (const socket of sockets) socket.destroy();
    await once(server, 'close');
  };
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut,
    restore: () => listen(port),
    stall: () => {
      stalled = true;
    },
    close: async () => {
      if (server.listening) await cut();
    },
  };
}
