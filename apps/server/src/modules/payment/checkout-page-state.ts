/**
 * What the local checkout page shows next, kept on the server per checkout session so every form post can answer
 * with a redirect to a GET page (Post/Redirect/Get): Back and reload never re-post a payment form. In Redis when
 * the app has one (every instance sees it), otherwise in this process's memory; it lives until the session expires.
 */
import type { Redis } from 'ioredis';

export interface CheckoutCardForm {
  name: string;
  /** Kept only when it can't be a real card's number (a test card, or one failing the Luhn check). */
  number: string;
  expiry: string;
}
export type CheckoutCardErrors = Partial<Record<'name' | 'number' | 'expiry' | 'cvc' | 'form', string>>;

export type CheckoutPageState =
  /** The 3-D Secure card asked its bank: the page is the confirmation step. */
  | { step: 'confirm' }
  /** The card form was refused as typed: it comes back filled in, with the errors. */
  | { step: 'card'; form: CheckoutCardForm; errors: CheckoutCardErrors };

export interface CheckoutPageStateStore {
  get(sessionId: string): Promise<CheckoutPageState | undefined>;
  set(sessionId: string, state: CheckoutPageState, expiresAt: Date): Promise<void>;
  clear(sessionId: string): Promise<void>;
}

const MAX_MEMORY_ENTRIES = 10_000;

function parseState(text: string | null): CheckoutPageState | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<CheckoutPageState> | null;
    if (value?.step === 'confirm') return { step: 'confirm' };
    if (value?.step === 'card' && value.form && value.errors) return value as CheckoutPageState;
  } catch {
    // A value this code did not write: as if there were none.
  }
  return undefined;
}

export function createCheckoutPageStateStore(opts: {
  redis?: Redis | undefined;
  keyPrefix: string;
  clock: () => Date;
}): CheckoutPageStateStore {
  const { redis, clock } = opts;
  const key = (sessionId: string) => `${opts.keyPrefix}:local-checkout:${sessionId}`;
  const memory = new Map<string, { state: CheckoutPageState; expiresAt: number }>();

  const memoryStore: CheckoutPageStateStore = {
    async get(sessionId) {
      const entry = memory.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock().getTime()) {
        memory.delete(sessionId);
        return undefined;
      }
      return entry.state;
    },
    async set(sessionId, state, expiresAt) {
      const now = clock().getTime();
      for (const [id, entry] of memory) if (entry.expiresAt <= now) memory.delete(id);
      memory.delete(sessionId);
      // Oldest first (insertion order): never more than the cap, whatever happens.
      for (const id of memory.keys()) {
        if (memory.size < MAX_MEMORY_ENTRIES) break;
        memory.delete(id);
      }
      memory.set(sessionId, { state, expiresAt: expiresAt.getTime() });
    },
    async clear(sessionId) {
      memory.delete(sessionId);
    },
  };
  if (!redis) return memoryStore;

  // Redis away: this process's memory keeps the page working (as the rate limits do).
  return {
    async get(sessionId) {
      try {
        return parseState(await redis.get(key(sessionId)));
      } catch {
        return memoryStore.get(sessionId);
      }
    },
    async set(sessionId, state, expiresAt) {
      const ttl = Math.max(1_000, expiresAt.getTime() - clock().getTime());
      try {
        await redis.set(key(sessionId), JSON.stringify(state), 'PX', ttl);
      } catch {
        await memoryStore.set(sessionId, state, expiresAt);
      }
    },
    async clear(sessionId) {
      await memoryStore.clear(sessionId);
      try {
        await redis.del(key(sessionId));
      } catch {
        // It expires with the session anyway.
      }
    },
  };
}
