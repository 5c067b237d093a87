import { describe, expect, it } from 'vitest';
import { createSessionUserCache } from './session-cache.js';

describe('the session user cache', () => {
  const make = (maxEntries = 10) => {
    let now = 1_000;
    const cache = createSessionUserCache<string>({ ttlMs: 5_000, maxEntries, now: () => now });
    return { cache, advance: (ms: number) => (now += ms) };
  };

  it('remembers a lookup for its time to live only', () => {
    const { cache, advance } = make();
    cache.set('u1', 'f1', 'row', cache.ticket());
    expect(cache.get('u1', 'f1')).toBe('row');
    expect(cache.get('u1', 'f2')).toBeUndefined();
    advance(5_000);
    expect(cache.get('u1', 'f1')).toBeUndefined();
  });

  it('forgets by user and by family', () => {
    const { cache } = make();
    cache.set('u1', 'f1', 'a', cache.ticket());
    cache.set('u1', 'f2', 'b', cache.ticket());
    cache.set('u2', 'f3', 'c', cache.ticket());
    cache.forgetFamily('f1');
    expect(cache.get('u1', 'f1')).toBeUndefined();
    expect(cache.get('u1', 'f2')).toBe('b');
    cache.forgetUser('u1');
    expect(cache.get('u1', 'f2')).toBeUndefined();
    expect(cache.get('u2', 'f3')).toBe('c');
  });

  it('drops a lookup that a revocation overtook while it was running', () => {
    const { cache } = make();
    const ticket = cache.ticket();
    cache.forgetFamily('f1');
    cache.set('u1', 'f1', 'stale', ticket);
    expect(cache.get('u1', 'f1')).toBeUndefined();
  });

  it('keeps at most its size, dropping the oldest first', () => {
    const { cache } = make(2);
    cache.set('u1', 'f1', 'a', cache.ticket());
    cache.set('u2', 'f2', 'b', cache.ticket());
    cache.set('u3', 'f3', 'c', cache.ticket());
    expect(cache.get('u1', 'f1')).toBeUndefined();
    expect(cache.get('u3', 'f3')).toBe('c');
  });
});
