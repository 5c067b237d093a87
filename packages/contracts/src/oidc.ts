import { z } from 'zod';

/** Sign-in with an OpenID Connect provider (Google by default). */

export const oidcFlows = ['implicit', 'code'] as const;
export const oidcFlowSchema = z.enum(oidcFlows);
export type OidcFlow = z.infer<typeof oidcFlowSchema>;

export const oidcErrorCodes = {
  notConfigured: 'oidc_not_configured',
  unavailable: 'oidc_unavailable',
  invalidToken: 'oidc_invalid_token',
  invalidCode: 'oidc_invalid_code',
  replayed: 'oidc_token_replayed',
  emailNotVerified: 'oidc_email_not_verified',
} as const;

/** GET oidc/config: what the SPA needs to offer the button, read at run time so no rebuild is needed. */
export const oidcConfigSchema = z.object({
  enabled: z.boolean(),
  flow: oidcFlowSchema,
  client_id: z.string().nullable(),
  issuer: z.string(),
  /** Null when the feature is off or the provider's discovery document could not be read. */
  authorization_endpoint: z.string().nullable(),
  is_google: z.boolean(),
});
export type OidcConfig = z.infer<typeof oidcConfigSchema>;

/** POST oidc/start: a fresh nonce (its hash is kept in a short-lived cookie) and a state for the round trip. */
export const oidcStartSchema = z.object({ nonce: z.string(), state: z.string() });
export type OidcStart = z.infer<typeof oidcStartSchema>;

const token = (max: number) => z.string().trim().min(1).max(max);

/** POST users/oidc: an ID token (implicit flow) or an authorization code (code flow). */
/** The referral code of the sign-up link, credited when this sign-in creates the account. */
const referrer = { referrer_id: z.string().trim().max(64).optional() };

export const oidcSigninSchema = z.union([
  z.strictObject({ id_token: token(8192), ...referrer }),
  z.strictObject({
    ...referrer,
    code: token(2048),
    redirect_uri: token(2048),
    code_verifier: z
      .string()
      .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be 43 to 128 unreserved characters')
      .optional(),
  }),
]);
export type OidcSigninInput = z.infer<typeof oidcSigninSchema>;
