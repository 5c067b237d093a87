import { z } from 'zod';

/** The one error shape every service answers with: `{ error: { code, message, details? } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Machine-readable codes the client branches on. Others may appear; these are stable. */
export const errorCodes = {
  validation: 'validation_failed',
  badRequest: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  csrf: 'csrf_failed',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  invalidCredentials: 'invalid_credentials',
  accountNotVerified: 'account_not_verified',
  otpInvalid: 'otp_invalid',
  otpExpired: 'otp_expired',
  otpExhausted: 'otp_exhausted',
  otpCooldown: 'otp_cooldown',
  refreshReused: 'refresh_token_reused',
  freePlanExpired: 'free_plan_expired',
  insufficientTokens: 'insufficient_tokens',
  couponInvalid: 'coupon_invalid',
  planUnavailable: 'plan_unavailable',
  paymentEventRefused: 'payment_event_refused',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  mailUnavailable: 'mail_unavailable',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** Field-level problems, in `details` of a `validation_failed` error. */
export const fieldErrorsSchema = z.array(z.object({ path: z.string(), message: z.string() }));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
