import { z } from 'zod';

/** Codes look like `CANDOR-XXXX-XXXX-XXXX-XXXX` (RFC 4648 base32, 80 random bits); input is normalised first. */
export const licenceCodePrefix = 'CANDOR';
export const licenceTiers = [1, 2, 3] as const;
export const MAX_LICENCE_TIER = 3;
/** How many codes one account may stack (each extra code raises the tier by one, up to tier 3). */
export const MAX_LICENCE_CODES_PER_ACCOUNT = 3;

export const licenceOutcomes = [
  'activated',
  'already_activated',
  'used_by_another',
  'unknown_code',
  'limit_reached',
] as const;
export type LicenceOutcome = (typeof licenceOutcomes)[number];

/** Error codes of a refused activation (the outcome is also recorded in the activations list). */
export const licenceErrorCodes = {
  usedByAnother: 'used_by_another',
  unknownCode: 'unknown_code',
  limitReached: 'limit_reached',
} as const;

/** Upper-case, without spaces or dashes: how a code is hashed, whatever way it was typed or pasted. */
export const normaliseLicenceCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const licenceActivationSchema = z.object({
  appsumo_code: z
    .string({ error: 'Enter your licence code' })
    .trim()
    .min(1, 'Enter your licence code')
    .max(64, 'A licence code is at most 64 characters long')
    .regex(/^[A-Za-z0-9 _-]*$/, 'A licence code has only letters, digits and dashes'),
});
export type LicenceActivationInput = z.infer<typeof licenceActivationSchema>;

export const licencePlanSchema = z.object({
  slug: z.string(),
  name: z.string(),
  tokens: z.number().int(),
});

/** 200 answer of `appsumo/license-activation`: activated now, or this user had already activated the code. */
export const licenceActivationResultSchema = z.object({
  outcome: z.enum(['activated', 'already_activated']),
  /** The account's licence tier after this activation (1–3). */
  tier: z.number().int(),
  /** How many codes the account has redeemed. */
  codes_redeemed: z.number().int(),
  plan: licencePlanSchema,
});
export type LicenceActivationResult = z.infer<typeof licenceActivationResultSchema>;

export const licenceActivationItemSchema = z.object({
  id: z.string(),
  /** The last 4 characters of the code that was entered. */
  code_hint: z.string(),
  outcome: z.enum(licenceOutcomes),
  /** The account's tier after a successful activation; null for a refused one. */
  tier: z.number().int().nullable(),
  created_at: z.string(),
});
export type LicenceActivationItem = z.infer<typeof licenceActivationItemSchema>;

/** `appsumo/activations`: the signed-in user's attempts, newest first. */
export const licenceActivationListSchema = z.object({ items: z.array(licenceActivationItemSchema) });
export type LicenceActivationList = z.infer<typeof licenceActivationListSchema>;
