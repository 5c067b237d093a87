import { describe, expect, it } from 'vitest';
import { encodeRedirect, isSafeRedirectPath, resolveRedirect } from './redirect';

describe('redirect after login', () => {
  it('keeps the path and the raw query string', () => {
    const params = encodeRedirect({ pathname: '/history', searchStr: '?page=2&selectedServices=%5B%22VEXON%22%5D' });
    expect(params).toEqual({ redirect: '/history', redirectSearch: 'page=2&selectedServices=%5B%22VEXON%22%5D' });
    expect(resolveRedirect(params)).toBe('/history?page=2&selectedServices=%5B%22VEXON%22%5D');
  });

  it('omits an empty search', () => {
    expect(encodeRedirect({ pathname: '/account', searchStr: '' })).toEqual({ redirect: '/account' });
    expect(resolveRedirect({ redirect: '/account' })).toBe('/account');
  });

  it('accepts a search with a leading "?"', () => {
    expect(resolveRedirect({ redirect: '/pricing', redirectSearch: '?tab=api-agent' })).toBe('/pricing?tab=api-agent');
  });

  it.each([
    undefined,
    '',
    'history',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/auth/signin',
    '/auth',
    '/a b',
  ])('falls back to "/" for %s', (redirect) => {
    expect(isSafeRedirectPath(redirect)).toBe(false);
    expect(resolveRedirect({ redirect, redirectSearch: 'x=1' })).toBe('/');
  });

  it('does not let the search smuggle a fragment or a second path', () => {
    expect(resolveRedirect({ redirect: '/history?x=1#top', redirectSearch: 'page=3#frag' })).toBe('/history?page=3');
  });
});
