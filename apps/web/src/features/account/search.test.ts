import { describe, expect, it } from 'vitest';
import { accountSearchSchema } from './search';

describe('account search params', () => {
  it('defaults to the profile tab', () => {
    expect(accountSearchSchema.parse({})).toEqual({ tab: 'profile', buyMoreTokens: undefined });
  });

  it.each(['profile', 'subscription', 'api-agent'])('keeps tab %s', (tab) => {
    expect(accountSearchSchema.parse({ tab }).tab).toBe(tab);
  });

  it('falls back on an invalid tab and reads buyMoreTokens', () => {
    expect(accountSearchSchema.parse({ tab: 'billing', buyMoreTokens: true })).toEqual({
      tab: 'profile',
      buyMoreTokens: true,
    });
    expect(accountSearchSchema.parse({ buyMoreTokens: 'no' }).buyMoreTokens).toBeUndefined();
  });
});
