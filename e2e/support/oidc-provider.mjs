// A real OpenID provider (the `oidc-provider` package) for the end-to-end run, on its own loopback port. Its
// development login page accepts any login: the login becomes the subject and, when it looks like one, the
// e-mail (verified unless it starts with "unverified").
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

export const e2eOidcClient = { client_id: 'candor-e2e', client_secret: 'candor-e2e-client-secret-0123456789' };

/** Starts the provider on `port` with one client whose redirect URI is `${appUrl}/auth/oidc-callback`. */
export async function startOidcProvider({ port, appUrl }) {
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        ...e2eOidcClient,
        redirect_uris: [`${appUrl}/auth/oidc-callback`],
        // Native clients may redirect to http loopback addresses, which implicit web clients may not.
        application_type: 'native',
        response_types: ['code', 'id_token'],
        grant_types: ['authorization_code', 'implicit'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['candor-e2e-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Scope claims in the code flow's ID token too, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, Interaction: 600, Session: 3600 },
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
  const server = createServer(provider.callback());
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}
