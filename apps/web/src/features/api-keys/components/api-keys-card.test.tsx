import type { ApiKeyList } from '@candor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { ApiKeysCard } from './api-keys-card';

const SECRET = 'cnd_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123450aB1c2';
let listed: ApiKeyList;
const posted: unknown[] = [];

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/v1/my-api-keys/') && request.method === 'GET') return jsonResponse(200, listed);
    if (path.endsWith('/v1/my-api-keys/') && request.method === 'POST') {
      posted.push(await request.json());
      const key = {
        id: 'k1',
        name: 'Build server',
        prefix: 'cnd_live_AbCd',
        last_four: SECRET.slice(-4),
        created_at: '2026-11-27T10:00:00.000Z',
        last_used_at: null,
        expires_at: null,
      };
      listed = { ...listed, items: [key] };
      return jsonResponse(201, { key, secret: SECRET });
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
});

const access = (allowed: boolean) => ({
  allowed,
  requests_per_minute: allowed ? 60 : null,
  plan_name: allowed ? 'API Starter' : 'Free',
  reason: allowed ? null : 'Your Free plan has no API access. API keys need a plan with API access.',
  max_keys: 10,
});

describe('API keys card', () => {
  beforeEach(() => {
    posted.length = 0;
  });

  it('without API access, says why and links to the API plans', async () => {
    listed = { items: [], access: access(false) };
    await renderWithRouter(() => <ApiKeysCard />);
    expect(await screen.findByText(/Free plan has no API access/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the API plans' }).getAttribute('href')).toBe('/pricing?tab=api-agent');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
  });

  it('creates a key, shows its secret once with a copy button, then lists only its prefix and last four', async () => {
    listed = { items: [], access: access(true) };
    const user = userEvent.setup();
    await renderWithRouter(() => <ApiKeysCard />);
    await user.type(await screen.findByLabelText('Key name'), 'Build server');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(posted).toEqual([{ name: 'Build server', expires_in_days: null }]);
    expect(((await screen.findByLabelText('Secret key')) as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copy the api key' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    expect(within(table).getByText(`cnd_live_AbCd…${SECRET.slice(-4)}`)).toBeTruthy();
    expect(within(table).queryByText(SECRET)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Secret key')).toBeNull();
  });
});
