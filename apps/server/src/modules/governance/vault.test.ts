import { describe, expect, it } from 'vitest';
import { createVaultCipher } from './vault.js';

const entries = { '[PERSON_NAME_1]': { type: 'PERSON_NAME' as const, value: 'Ada Lovelace' } };

describe('pseudonym vault cipher', () => {
  const cipher = createVaultCipher('k'.repeat(48));

  it('opens what it sealed, and the sealed bytes do not contain the value', () => {
    const sealed = cipher.seal('user-1', 'chat:1', entries);
    expect(sealed.includes(Buffer.from('Ada'))).toBe(false);
    expect(cipher.open('user-1', 'chat:1', sealed)).toEqual(entries);
  });

  it('uses a fresh nonce for every seal', () => {
    expect(cipher.seal('user-1', 'chat:1', entries).equals(cipher.seal('user-1', 'chat:1', entries))).toBe(false);
  });

  it('refuses a vault moved to another user, another chat, or opened with another key', () => {
    const sealed = cipher.seal('user-1', 'chat:1', entries);
    expect(() => cipher.open('user-2', 'chat:1', sealed)).toThrow();
    expect(() => cipher.open('user-1', 'chat:2', sealed)).toThrow();
    expect(() => createVaultCipher('x'.repeat(48)).open('user-1', 'chat:1', sealed)).toThrow();
  });

  it('refuses a tampered vault', () => {
    const sealed = cipher.seal('user-1', 'chat:1', entries);
    sealed[20] = (sealed[20] ?? 0) ^ 1;
    expect(() => cipher.open('user-1', 'chat:1', sealed)).toThrow();
  });
});
