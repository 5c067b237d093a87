import { z } from 'zod';
import { limits, messages, passwordPattern } from './messages.js';

/** A string whose absence reads as `message` too, not as zod's generic type error (API clients omit fields). */
const required = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) });
const trimmed = (max: number, requiredMessage?: string) =>
  (requiredMessage ? required(requiredMessage) : z.string()).trim().max(max);

/** A password as the spec's pattern defines it; an empty one reads "required". */
export const passwordSchema = required(messages.passwordRequired)
  .max(limits.passwordMax)
  .min(1, messages.passwordRequired)
  .regex(passwordPattern, messages.passwordPattern);

/** Usernames: letters, digits, dot, dash, underscore; 3–32 characters. */
export const usernamePattern = /^[a-zA-Z0-9._-]{3,32}$/;
export const isEmail = (value: string) => z.email().safeParse(value).success;

export const signupSchema = z.object({
  full_name: trimmed(limits.fullNameMax, messages.fullNameRequired).min(1, messages.fullNameRequired),
  /** The spec's field is "an email or a username"; sign-up needs an address we can send the code to. */
  email: trimmed(limits.emailMax, messages.emailOrUsernameRequired)
    .min(1, messages.emailOrUsernameRequired)
    .refine(isEmail, 'Enter an e-mail address: we send your verification code there'),
  password: passwordSchema,
  terms_conditions_aggreed: z.literal(true, messages.termsRequired),
  referrer_id: trimmed(64).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const signinSchema = z.object({
  email: trimmed(limits.emailMax, messages.emailOrUsernameRequired).min(1, messages.emailOrUsernameRequired),
  password: required(messages.passwordRequired).max(limits.passwordMax).min(1, messages.passwordRequired),
});
export type SigninInput = z.infer<typeof signinSchema>;

const verifyEmail = trimmed(limits.emailMax, messages.emailRequired)
  .min(1, messages.emailRequired)
  .pipe(z.email(messages.validEmailRequired));
const otp = required(messages.otpRequired)
  .trim()
  .min(1, messages.otpRequired)
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail');

export const verifyAccountSchema = z.object({ email: verifyEmail, code: otp });
export type VerifyAccountInput = z.infer<typeof verifyAccountSchema>;

export const resendOtpSchema = z.object({ email: verifyEmail });
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;

/** Forgot password, step 1: ask for a code. */
export const forgotPasswordRequestSchema = z.object({
  email: trimmed(limits.emailMax, messages.emailRequired)
    .min(1, messages.emailRequired)
    .pipe(z.email(messages.validEmailRequired)),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** Forgot password, step 2: the code and the new password. */
export const resetPasswordSchema = z
  .object({
    email: forgotPasswordRequestSchema.shape.email,
    code: otp,
    password: passwordSchema,
    confirm_password: required(messages.passwordRequired).min(1, messages.passwordRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: messages.passwordsDontMatch,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `users/info`: the signed-in user. */
export const userInfoSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  username: z.string(),
  category: z.string().nullable(),
  is_verified: z.boolean(),
  referral_code: z.string(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Answer of sign-up, OTP resend and forgot-password step 1. */
export const otpSentSchema = z.object({
  email: z.string(),
  /** Seconds before another code can be requested. */
  resend_after: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type OtpSent = z.infer<typeof otpSentSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** Cookie names the client and server agree on (DESIGN.md "Sessions and CSRF"). */
export const authCookies = {
  access: 'access_token_cookie',
  refresh: 'refresh_token_cookie',
  csrfAccess: 'csrf_access_token',
  csrfRefresh: 'csrf_refresh_token',
} as const;
export const csrfHeader = 'X-CSRF-TOKEN';
