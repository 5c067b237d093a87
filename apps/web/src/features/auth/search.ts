import { z } from 'zod';
import { optionalText } from '@/lib/search-params';

/**
 * /auth/* search params (spec §2). `redirect` is the path to return to after login and `redirectSearch` its
 * query string without the leading "?" (e.g. "page=2&selectedServices=%5B%22VEXON%22%5D"), exactly as the
 * browser showed it; see lib/redirect.ts for how both are produced and restored safely.
 */
export const authSearchSchema = z.object({
  redirect: optionalText(2000),
  redirectSearch: optionalText(4000),
  /** Marketplace (AppSumo) licence activation code. */
  code: optionalText(200),
  buyPlanId: optionalText(100),
  buyPlanCoupon: optionalText(100),
  referral_code: optionalText(64),
});
export type AuthSearch = z.infer<typeof authSearchSchema>;

/** The layout params every auth screen carries along when linking to another one. */
export const pickAuthSearch = (search: Partial<AuthSearch>): AuthSearch => ({
  redirect: search.redirect,
  redirectSearch: search.redirectSearch,
  code: search.code,
  buyPlanId: search.buyPlanId,
  buyPlanCoupon: search.buyPlanCoupon,
  referral_code: search.referral_code,
});

/** /auth/verify-account [email]. */
export const verifyAccountSearchSchema = z.object({ email: optionalText(254) });

/** /auth/forgot-password [redirect, email, otp]: a link with email and otp opens step 2 filled in. */
export const forgotPasswordSearchSchema = z.object({
  redirect: optionalText(2000),
  email: optionalText(254),
  otp: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{6}$/))
    .optional()
    .catch(undefined),
});
