import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AppShell } from './app-shell';

describe('the mobile navigation', () => {
  it('opens on the first tap, and closes when a link changes the page', async () => {
    const { router } = await renderWithRouter(() => <AppShell>Dashboard</AppShell>, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });

    await router.navigate({ to: '/history' });
    await waitFor(() => expect(sheet.isConnected).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull();
  });
});
