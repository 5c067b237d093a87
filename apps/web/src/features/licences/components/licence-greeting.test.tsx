import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const api = vi.hoisted(() => ({ activations: [] as object[] }));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (request) =>
    new URL(request.url).pathname === '/api/auth/appsumo/activations'
      ? jsonResponse(200, { items: api.activations })
      : notFoundResponse(),
  );
});

const { LicenceGreeting } = await import('./licence-greeting');

beforeEach(() => {
  api.activations = [];
  sessionStorage.clear();
});

describe('LicenceGreeting', () => {
  it('welcomes a licence user with the tier on record', async () => {
    api.activations = [
      { id: 'a1', code_hint: 'X7K2', outcome: 'activated', tier: 2, created_at: '2026-11-21T10:00:00.000Z' },
    ];
    await renderWithRouter(() => <LicenceGreeting onDismiss={() => {}} />);
    expect(await screen.findByText('Licence Tier 2')).toBeTruthy();
  });

  it('shows nothing to an account with no licence and no code to activate (the address typed by hand)', async () => {
    await renderWithRouter(() => <LicenceGreeting onDismiss={() => {}} />);
    // The activations have been read, and still no welcome.
    await waitFor(() => expect(screen.queryByTestId('licence-greeting')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Thanks for joining through AppSumo/)).toBeNull();
  });
});
