import type { OidcConfig } from '@candor/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { OidcButton } from './oidc-button';

const mocks = vi.hoisted(() => ({
  config: vi.fn<() => Promise<OidcConfig>>(),
  loadGoogle: vi.fn<() => Promise<never>>(),
}));

vi.mock('../oidc/oidc.api', async (importOriginal) => {
  const { queryOptions } = await import('@tanstack/react-query');
  return {
    ...(await importOriginal<typeof import('../oidc/oidc.api')>()),
    oidcConfigQueryOptions: () => queryOptions({ queryKey: ['oidc-config-test'], queryFn: mocks.config }),
  };
});
vi.mock('../oidc/google-script', () => ({ loadGoogleScript: mocks.loadGoogle }));

const google: OidcConfig = {
  enabled: true,
  flow: 'code',
  client_id: 'abc.apps.googleusercontent.com',
  issuer: 'https://accounts.google.com',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  is_google: true,
};

const render = () => renderWithRouter(() => <OidcButton search={{}} onSignedIn={vi.fn()} />);

describe('OidcButton', () => {
  beforeEach(() => {
    mocks.config.mockReset();
    mocks.loadGoogle.mockReset();
  });

  it('explains that Google sign-in is not configured when the server has no client id', async () => {
    mocks.config.mockResolvedValue({ ...google, enabled: false, client_id: null, authorization_endpoint: null });
    await render();
    expect(await screen.findByText('Sign-in with Google is not configured on this server.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toHaveProperty('disabled', true);
    expect(mocks.loadGoogle).not.toHaveBeenCalled();
  });

  it('is disabled with a short explanation when Google’s script cannot load', async () => {
    mocks.config.mockResolvedValue(google);
    mocks.loadGoogle.mockRejectedValue(new Error('offline'));
    await render();
    expect(await screen.findByText(/Google sign-in could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveProperty('disabled', true);
  });

  it('names any other provider by its host and offers the redirect sign-in', async () => {
    mocks.config.mockResolvedValue({
      ...google,
      issuer: 'https://login.example.test/realms/candor',
      authorization_endpoint: 'https://login.example.test/auth',
      is_google: false,
    });
    await render();
    const button = await screen.findByRole('button', { name: 'Continue with login.example.test' });
    expect(button).toHaveProperty('disabled', false);
    expect(mocks.loadGoogle).not.toHaveBeenCalled();
  });
});
