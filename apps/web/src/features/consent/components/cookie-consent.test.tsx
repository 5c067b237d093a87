import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieConsent } from './cookie-consent';

afterEach(() => {
  localStorage.clear();
  window.dataLayer = undefined;
});

const stored = () => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null');

describe('CookieConsent', () => {
  it('accepting stores every category and closes the dialog', async () => {
    render(<CookieConsent />);
    expect(screen.getByRole('dialog', { name: 'We use cookies' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toMatchObject({ necessary: true, functional: true, analytics: true, advertisement: true });
    expect(window.dataLayer?.[0]).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'granted' })]);
  });

  it('keeps room for itself under the page while it shows, and gives it back once a choice is made', async () => {
    render(<CookieConsent />);
    const space = () => document.documentElement.style.getPropertyValue('--consent-banner-space');
    // jsdom lays nothing out: the banner's top is at 0, so it reserves the whole window's height.
    expect(space()).toBe(`${window.innerHeight}px`);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(space()).toBe('');
  });

  it('saves chosen preferences; Necessary is always on', async () => {
    render(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    // The switches load with their own chunk once Preferences is reached.
    const necessary = await screen.findByRole('switch', { name: 'Necessary' });
    expect(necessary.getAttribute('aria-checked')).toBe('true');
    expect(necessary.hasAttribute('disabled')).toBe(true);
    for (const name of ['Functional', 'Analytics', 'Advertisement']) {
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    }
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ necessary: true, functional: false, analytics: true, advertisement: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays hidden once a choice is stored', () => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, functional: false, analytics: false, advertisement: false }),
    );
    render(<CookieConsent />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
