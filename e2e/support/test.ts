import { test as base, expect } from '@playwright/test';

/** A stored consent choice, so the dialog stays out of the way of tests that are not about it. */
export const storedConsent = JSON.stringify({
  necessary: true,
  functional: false,
  analytics: false,
  advertisement: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

export const test = base.extend<{ consentGiven: boolean }>({
  consentGiven: [true, { option: true }],
  page: async ({ page, consentGiven }, use) => {
    if (consentGiven) {
      await page.addInitScript((value) => {
        if (!window.localStorage.getItem('cookie-consent')) window.localStorage.setItem('cookie-consent', value);
      }, storedConsent);
    }
    // A page error (an uncaught exception) is a failed test, whatever the page then shows.
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await use(page);
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});

export { expect };

/** The URL's path and search, as the user sees them in the address bar. */
export const location = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, search: u.searchParams };
};
