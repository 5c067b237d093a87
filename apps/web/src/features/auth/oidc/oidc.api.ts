import {
  type OidcConfig,
  type OidcSigninInput,
  type OidcStart,
  oidcConfigSchema,
  oidcStartSchema,
  type UserInfo,
  userInfoSchema,
} from '@candor/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { forgetReferralCode, storedReferralCode } from '../referral';

export const oidcKeys = { config: () => ['auth', 'oidc', 'config'] as const };

/** The server's identity-provider settings: read at run time, so configuring it needs no rebuild. */
export const fetchOidcConfig = (): Promise<OidcConfig> => parseJson(api.auth.get('oidc/config'), oidcConfigSchema);

export const oidcConfigQueryOptions = () =>
  queryOptions({ queryKey: oidcKeys.config(), queryFn: fetchOidcConfig, staleTime: 5 * 60_000 });

/** A fresh nonce (the server keeps its hash in a cookie) and state for one sign-in. */
export const startOidc = (): Promise<OidcStart> => parseJson(api.auth.post('oidc/start'), oidcStartSchema);

/** Carries the sign-up link's referral code, which counts if this sign-in creates the account. */
export async function oidcSignin(input: OidcSigninInput): Promise<UserInfo> {
  const referralCode = storedReferralCode();
  const user = await parseJson(
    api.auth.post('users/oidc', { json: referralCode ? { ...input, referrer_id: referralCode } : input }),
    userInfoSchema,
  );
  forgetReferralCode();
  return user;
}

// The button and the callback screen show their own errors.
export const useOidcSignin = () => useMutation({ mutationFn: oidcSignin, meta: { errorToast: false } });

/** "Continue with Google", or with the provider's host name for any other issuer. */
export function providerLabel(config: Pick<OidcConfig, 'is_google' | 'issuer'>): string {
  if (config.is_google) return 'Google';
  try {
    return new URL(config.issuer).host || 'single sign-on';
  } catch {
    return 'single sign-on';
  }
}
