import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

let dark = false;
let listeners: (() => void)[] = [];

beforeEach(() => {
  dark = false;
  listeners = [];
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      get matches() {
        return dark;
      },
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: () => {},
    })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.className = '';
});

describe('theme', () => {
  it('defaults to system and follows the OS preference live', () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(screen.getByRole('radio', { name: 'System theme' })).toHaveProperty('checked', true);
    expect(document.documentElement.classList.contains('light')).toBe(true);
    dark = true;
    act(() => {
      for (const fn of listeners) fn();
    });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('stores the choice under vite-ui-theme', async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Dark theme' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('reads a stored theme and ignores an invalid one', () => {
    localStorage.setItem('vite-ui-theme', 'light');
    const { unmount } = render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(screen.getByRole('radio', { name: 'Light theme' })).toHaveProperty('checked', true);
    unmount();
    localStorage.setItem('vite-ui-theme', 'purple');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(screen.getByRole('radio', { name: 'System theme' })).toHaveProperty('checked', true);
  });
});
