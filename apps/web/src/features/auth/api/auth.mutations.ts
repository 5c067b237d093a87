import {
  type ForgotPasswordRequest,
  type OtpSent,
  otpSentSchema,
  type ResetPasswordInput,
  type SigninInput,
  type SignupInput,
  type UserInfo,
  userInfoSchema,
  type VerifyAccountInput,
} from '@candor/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const signin = (input: SigninInput): Promise<UserInfo> =>
  parseJson(api.auth.post('users/signin', { json: input }), userInfoSchema);

export const signup = (input: SignupInput): Promise<OtpSent> =>
  parseJson(api.auth.post('users/signup', { json: input }), otpSentSchema);

export const verifyAccount = (input: VerifyAccountInput): Promise<UserInfo> =>
  parseJson(api.auth.post('users/verify-account', { json: input }), userInfoSchema);

export const resendOtp = (email: string): Promise<OtpSent> =>
  parseJson(api.auth.post('users/resend-otp', { json: { email } }), otpSentSchema);

export const requestPasswordReset = (input: ForgotPasswordRequest): Promise<OtpSent> =>
  parseJson(api.auth.post('users/forgot-password', { json: input }), otpSentSchema);

export const resetPassword = async (input: ResetPasswordInput): Promise<void> => {
  await api.auth.post('users/reset-password', { json: input });
};

// Auth forms show their errors inline, so the global toast stays quiet for them.
const inline = { errorToast: false } as const;

export const useSignin = () => useMutation({ mutationFn: signin, meta: inline });
export const useSignup = () => useMutation({ mutationFn: signup, meta: inline });
export const useVerifyAccount = () => useMutation({ mutationFn: verifyAccount, meta: inline });
export const useResendOtp = () => useMutation({ mutationFn: resendOtp, meta: inline });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset, meta: inline });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword, meta: inline });

const codesHandled = new Set<string>();

/**
 * Spec §4: a logged-out visitor arriving on /auth with a marketplace code has the logout call made, so no stale
 * session cookie survives into the activation. Once per code per page life; failures are ignored.
 */
export async function clearSessionForCode(code: string) {
  if (codesHandled.has(code)) return;
  codesHandled.add(code);
  await api.auth.post('users/logout').catch(() => undefined);
}
