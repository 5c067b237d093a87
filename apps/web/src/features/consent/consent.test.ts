import { afterEach, describe, expect, it } from 'vitest';
import { defaultConsentModes, initConsent, readConsent, saveConsent, toConsentModes } from './consent';

afterEach(() => {
  localStorage.clear();
  window.dataLayer = undefined;
});

describe('consent mapping', () => {
  it('denies every optional field by default but keeps security and redacts ad data', () => {
    expect(defaultConsentModes).toEqual({
      ad_personalization: 'denied',
      ad_user_data: 'denied',
      ad_storage: 'denied',
      ads_data_redaction: 'granted',
      analytics_storage: 'denied',
      security_storage: 'granted',
      personalization_storage: 'denied',
      functionality_storage: 'denied',
    });
  });

  it('grants everything (and stops redacting) when all categories are accepted', () => {
    const modes = toConsentModes({ functional: true, analytics: true, advertisement: true });
    expect(Object.entries(modes).filter(([, v]) => v === 'denied')).toEqual([['ads_data_redaction', 'denied']]);
  });

  it.each([
    ['functional', ['functionality_storage', 'personalization_storage']],
    ['analytics', ['analytics_storage']],
    ['advertisement', ['ad_personalization', 'ad_storage', 'ad_user_data']],
  ] as const)('%s grants exactly %j', (category, fields) => {
    const modes = toConsentModes({ functional: false, analytics: false, advertisement: false, [category]: true });
    const granted = Object.entries(modes)
      .filter(([key, v]) => v === 'granted' && key !== 'security_storage' && key !== 'ads_data_redaction')
      .map(([key]) => key)
      .sort();
    expect(granted).toEqual([...fields].sort());
    expect(modes.ads_data_redaction).toBe(category === 'advertisement' ? 'denied' : 'granted');
  });
});

describe('consent storage and data layer', () => {
  it('stores the choice under cookie-consent and pushes an update', () => {
    saveConsent({ functional: true, analytics: false, advertisement: false });
    expect(JSON.parse(localStorage.getItem('cookie-consent') ?? '{}')).toMatchObject({
      necessary: true,
      functional: true,
      analytics: false,
      advertisement: false,
    });
    expect(window.dataLayer).toEqual([
      ['consent', 'update', expect.objectContaining({ functionality_storage: 'granted' })],
    ]);
    expect(readConsent()?.functional).toBe(true);
  });

  it('pushes the default first, then the stored choice', () => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, functional: false, analytics: true, advertisement: false }),
    );
    initConsent();
    expect(window.dataLayer?.map((entry) => (entry as unknown[])[1])).toEqual(['default', 'update']);
    const update = window.dataLayer?.[1] as [string, string, { analytics_storage: string }] | undefined;
    expect(update?.[2].analytics_storage).toBe('granted');
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem('cookie-consent', '{not json');
    expect(readConsent()).toBeNull();
  });
});
