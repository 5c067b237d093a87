import {
  type LicenceActivationList,
  type LicenceActivationResult,
  licenceActivationListSchema,
  licenceActivationResultSchema,
} from '@candor/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { tokenKeys } from '@/features/tokens/api/token-balance.queries';
import { api, parseJson } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

export const licenceKeys = {
  all: ['licences'] as const,
  activations: () => [...licenceKeys.all, 'activations'] as const,
};

/** `appsumo/license-activation`: 200 when activated (or already activated by this user); throws otherwise. */
export const activateLicence = (code: string): Promise<LicenceActivationResult> =>
  parseJson(
    api.auth.post('appsumo/license-activation', { json: { appsumo_code: code } }),
    licenceActivationResultSchema,
  );

export const fetchLicenceActivations = (): Promise<LicenceActivationList> =>
  parseJson(api.auth.get('appsumo/activations'), licenceActivationListSchema);

export const licenceActivationsQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.activations(), queryFn: fetchLicenceActivations });

export const useLicenceActivations = () => useQuery(licenceActivationsQueryOptions());

/** After an attempt the plan, the balance and the attempts list are out of date, whatever the outcome. */
export async function refreshAfterActivation(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.plan() }),
    queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
    queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
  ]);
}

const attempted = new Set<string>();

/**
 * Spec §4/§8: activates once per code per page life and ignores a failure (the server records every attempt, so
 * a refused code shows in the account's subscription tab). Returns the result, or null when it failed.
 */
export async function activateLicenceOnce(code: string, queryClient: QueryClient) {
  if (attempted.has(code)) return null;
  attempted.add(code);
  const result = await activateLicence(code).catch(() => null);
  await refreshAfterActivation(queryClient);
  return result;
}

/*
 * A signed-out visitor's code waits in session storage until they have signed in (or signed up and verified): the
 * greeting page on /ai-detector?appSumoGreeting=true activates it.
 */
const PENDING_KEY = 'licence_code';
export const rememberPendingLicenceCode = (code: string) => writeStorage('session', PENDING_KEY, code);
export const pendingLicenceCode = () => readStorage('session', PENDING_KEY);
export const forgetPendingLicenceCode = () => removeStorage('session', PENDING_KEY);
