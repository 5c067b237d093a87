import { afterEach, describe, expect, it } from 'vitest';
import { buildAuthorizationUrl, readCallbackParams, takePending } from './redirect-flow';

const config = {
  enabled: true,
  flow: 'code' as const,
  client_id: 'candor',
  issuer: 'https://id.example.test',
  authorization_endpoint: 'https://id.example.test/authorize?tenant=1',
  is_google: false,
};

afterEach(() => window.sessionStorage.clear());

describe('the redirect flow', () => {
  it('asks for a code with state, nonce, PKCE S256 and a fragment answer, keeping the /auth params', async () => {
    const url = new URL(
      await buildAuthorizationUrl(
        config,
        { nonce: 'n-1', state: 's-1' },
        { redirect: '/history', code: 'MARKET-1' },
        'https://app.test',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://id.example.test/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tenant: '1',
      client_id: 'candor',
      redirect_uri: 'https://app.test/auth/oidc-callback',
      scope: 'openid profile email',
      state: 's-1',
      nonce: 'n-1',
      response_type: 'code',
      response_mode: 'fragment',
      code_challenge_method: 'S256',
    });
    const pending = takePending('s-1');
    expect(pending?.search).toMatchObject({ redirect: '/history', code: 'MARKET-1' });
    expect(pending?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending?.codeVerifier));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
  });

  it('asks for an ID token in the implicit flow, without PKCE', async () => {
    const url = new URL(await buildAuthorizationUrl({ ...config, flow: 'implicit' }, { nonce: 'n', state: 's' }, {}));
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('hands the pending sign-in out once, and only for its own state', async () => {
    await buildAuthorizationUrl(config, { nonce: 'n', state: 'mine' }, {});
    expect(takePending('someone-elses')).toBeNull();
    expect(takePending('mine')?.state).toBe('mine');
    expect(takePending('mine')).toBeNull();
  });

  it('refuses a stale round trip', async () => {
    await buildAuthorizationUrl(config, { nonce: 'n', state: 'old' }, {});
    expect(takePending('old', Date.now() + 11 * 60_000)).toBeNull();
  });

  it('reads the answer from the fragment, or the query as a fallback', () => {
    expect(readCallbackParams({ hash: '#id_token=t&state=s', search: '' })).toMatchObject({ idToken: 't', state: 's' });
    expect(readCallbackParams({ hash: '', search: '?code=c&state=s' })).toMatchObject({ code: 'c', state: 's' });
    expect(readCallbackParams({ hash: '#error=access_denied&state=s', search: '' }).error).toBe('access_denied');
  });
});
