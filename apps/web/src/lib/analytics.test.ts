import { afterEach, describe, expect, it } from 'vitest';
import { pushToDataLayer, recordUtm } from './analytics';
import { hrefWithout } from './url';

afterEach(() => {
  sessionStorage.clear();
  window.dataLayer = undefined;
});

describe('analytics', () => {
  it('creates the data layer when missing', () => {
    pushToDataLayer({ event: 'x' });
    expect(window.dataLayer).toEqual([{ event: 'x' }]);
  });

  it('stores utm params in sessionStorage and pushes them once', () => {
    recordUtm({ utm_source: 'news', utm_campaign: 'spring' });
    expect(JSON.parse(sessionStorage.getItem('utm') ?? '{}')).toEqual({ utm_source: 'news', utm_campaign: 'spring' });
    expect(window.dataLayer).toEqual([{ event: 'utm_params', utm_source: 'news', utm_campaign: 'spring' }]);
  });

  it('ignores an empty set', () => {
    recordUtm({});
    expect(window.dataLayer).toBeUndefined();
  });

  it('strips only the given params from an href', () => {
    expect(
      hrefWithout({ pathname: '/pricing', search: { utm_source: 'a', tab: 'api-agent', page: 2 } }, ['utm_source']),
    ).toBe('/pricing?tab=api-agent&page=2');
    expect(hrefWithout({ pathname: '/', search: { utm_medium: 'cpc' } }, ['utm_medium'])).toBe('/');
  });
});
