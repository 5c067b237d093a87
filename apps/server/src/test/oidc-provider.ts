import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A client registered at the local provider. */
export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/** A private signing key in JWK form (RS256), with a key id. */
export async function newSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a loopback port, with its development login pages,
 * which accept any login. The login becomes the subject; an e-mail-looking login is also the e-mail, and one
 * starting with `unverified` has `email_verified: false`.
 */
export async function startTestOidcProvider(options: {
  clients: TestOidcClient[];
  keys: JWK[];
  idTokenTtlSeconds?: number;
}): Promise<TestOidcProvider> {
  let handler: ((req: never, res: never) => void) | undefined;
  const server: Server = createServer((req, res) => handler?.(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      // Native clients may use http loopback redirects, which implicit web clients may not.
      application_type: 'native',
      response_types: ['code', 'id_token'],
      grant_types: ['authorization_code', 'implicit'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: options.keys },
    cookies: { keys: ['candor-test-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scopes' claims in the code flow's ID token too, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    ttl: {
      IdToken: options.idTokenTtlSeconds ?? 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const email = sub.includes('@') ? sub : `${sub}@example.test`;
          return { sub, email, email_verified: !sub.startsWith('unverified'), name: `Test ${sub.split('@')[0]}` };
        },
      };
    },
  });
  handler = provider.callback() as never;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the provider sends back to the redirect URI: the query (code flow) or fragment (implicit) parameters. */
export type AuthorizationResult = Record<string, string>;

/**
 * Goes through the provider's authorization endpoint as a browser would: follows redirects with cookies and
 * submits the development login and consent forms, until the provider redirects to `redirect_uri`.
 */
export async function authorize(
  issuer: string,
  params: Record<string, string>,
  login: string,
): Promise<AuthorizationResult> {
  const jar = new Map<string, string>();
  const redirectUri = params.redirect_uri ?? '';
  let url = `${issuer}/auth?${new URLSearchParams(params)}`;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value && !/expires=Thu, 01 Jan 1970/i.test(cookie)) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) {
        const raw = next.hash ? next.hash.slice(1) : next.search.slice(1);
        return Object.fromEntries(new URLSearchParams(raw));
      }
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 500)}`);
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      fields.set(match[1] ?? '', match[2] ?? '');
    if (fields.get('prompt') === 'login') {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    };
  }
  throw new Error('the provider did not redirect back');
}
