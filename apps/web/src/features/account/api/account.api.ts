import {
  type AccountSessions,
  accountSessionsSchema,
  type CancellationReasons,
  type ChangePasswordInput,
  cancellationReasonsSchema,
  type DeleteAccountInput,
  type OtpSent,
  otpSentSchema,
  type Profile,
  type ProfileUpdateInput,
  type ProfileUpdateResult,
  profileSchema,
  profileUpdateResultSchema,
} from '@candor/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session';

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  deletionReasons: () => [...accountKeys.all, 'deletion-reasons'] as const,
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: (): Promise<Profile> => parseJson(api.auth.get('account/profile'), profileSchema),
  });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: (): Promise<AccountSessions> => parseJson(api.auth.get('account/sessions'), accountSessionsSchema),
  });

export const deletionReasonsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.deletionReasons(),
    queryFn: (): Promise<CancellationReasons> =>
      parseJson(
        api.auth.get('services/cancellation-reasons/', { searchParams: { source: 'account_delete' } }),
        cancellationReasonsSchema,
      ),
    staleTime: 60 * 60 * 1000,
  });

// Forms show their errors inline, so the global toast stays quiet for them.
const inline = { errorToast: false } as const;

/** Keeps the header's user and the profile in step after a change. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.user() }),
    ]);
  };
}

export function useUpdateProfile() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput): Promise<ProfileUpdateResult> =>
      parseJson(api.auth.patch('account/profile', { json: input }), profileUpdateResultSchema),
    onSuccess: refresh,
    meta: inline,
  });
}

export function useVerifyEmailChange() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (code: string): Promise<Profile> =>
      parseJson(api.auth.post('account/email/verify', { json: { code } }), profileSchema),
    onSuccess: refresh,
    meta: inline,
  });
}

export const useResendEmailChange = () =>
  useMutation({
    mutationFn: (): Promise<OtpSent> => parseJson(api.auth.post('account/email/resend'), otpSentSchema),
    meta: inline,
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await api.auth.post('account/password', { json: input });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
    meta: inline,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.auth.delete(`account/sessions/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: async () => {
      await api.auth.post('account/sessions/sign-out-everywhere');
    },
  });

export const useSendDeleteCode = () =>
  useMutation({
    mutationFn: (): Promise<OtpSent> => parseJson(api.auth.post('account/delete/code'), otpSentSchema),
    meta: inline,
  });

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await api.auth.post('account/delete', { json: input });
    },
    meta: inline,
  });
