import { z } from 'zod';

/** `referrals/summary`: what the signed-in user's invitations are worth and what they earned. */
export const referralSummarySchema = z.object({
  referral_code: z.string(),
  /** Tokens the inviting user gets for each invited account that verifies its e-mail. */
  referrer_tokens: z.number().int(),
  /** Tokens the invited user gets. */
  referee_tokens: z.number().int(),
  /** Accounts that signed up with this user's code and were credited. */
  credited_referrals: z.number().int(),
  /** Tokens earned by inviting others (the referee bonus this user got is not counted). */
  tokens_earned: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** The sign-up link a user shares: `/auth/signup?referral_code=…` on the app's origin. */
export const referralSignupLink = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, '')}/auth/signup?referral_code=${encodeURIComponent(code)}`;
