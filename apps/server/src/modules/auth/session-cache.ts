/** Short-lived memo of live sessions: writes here forget at once, other instances may lag by at most `ttlMs`. */
export interface SessionUserCache<T> {
  get(userId: string, familyId: string): T | undefined;
  /** Taken before the lookup query; `set` ignores a result that a forget overtook meanwhile. */
  ticket(): number;
  set(userId: string, familyId: string, row: T, ticket: number): void;
  forgetUser(userId: string): void;
  forgetFamily(familyId: string): void;
}

interface Entry<T> {
  row: T;
  userId: string;
  familyId: string;
  until: number;
}

export function createSessionUserCache<T>(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, Entry<T>>();
  let epoch = 0;
  const key = (userId: string, familyId: string) => `${userId}:${familyId}`;
  const forget = (match: (entry: Entry<T>) => boolean) => {
    epoch++;
    for (const [k, entry] of entries) if (match(entry)) entries.delete(k);
  };

  const cache: SessionUserCache<T> = {
    get(userId, familyId) {
      const k = key(userId, familyId);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.until <= options.now()) {
        entries.delete(k);
        return undefined;
      }
      return entry.row;
    },
    ticket: () => epoch,
    set(userId, familyId, row, ticket) {
      if (ticket !== epoch) return;
      const k = key(userId, familyId);
      entries.delete(k);
      // Map keeps insertion order, so the first key is the oldest entry.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(k, { row, userId, familyId, until: options.now() + options.ttlMs });
    },
    forgetUser: (userId) => forget((entry) => entry.userId === userId),
    forgetFamily: (familyId) => forget((entry) => entry.familyId === familyId),
  };
  return cache;
}

/** A cache that never remembers (repositories used outside the app, and tests that want every lookup). */
export const noSessionUserCache: SessionUserCache<never> = {
  get: () => undefined,
  ticket: () => 0,
  set: () => {},
  forgetUser: () => {},
  forgetFamily: () => {},
};
