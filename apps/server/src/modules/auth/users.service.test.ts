import { describe, expect, it } from 'vitest';
import { newReferralCode, normaliseEmail, usernameBase } from './users.service.js';

describe('account helpers', () => {
  it('derive a username from the local part of the address', () => {
    expect(usernameBase('Grace.Hopper+news@Example.test')).toBe('grace.hoppernews');
    expect(usernameBase('__x@example.test')).toBe('xuser');
    expect(usernameBase('a@example.test')).toBe('auser');
    expect(usernameBase('émile@example.test')).toBe('mile');
    expect(usernameBase(`${'long'.repeat(20)}@example.test`)).toHaveLength(24);
  });

  it('make 8-character base32 referral codes that differ', () => {
    const codes = new Set(Array.from({ length: 200 }, newReferralCode));
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{8}$/);
    expect(codes.size).toBe(200);
  });

  it('compare addresses lower-cased and trimmed', () => {
    expect(normaliseEmail('  Ada@Example.TEST ')).toBe('ada@example.test');
  });
});
