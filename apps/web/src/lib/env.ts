import { z } from 'zod';

/** A service base: absolute URL or same-origin path, always ending with a slash (ky's prefixUrl joins with it). */
const base = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1)
    .default(fallback)
    .transform((v) => (v.endsWith('/') ? v : `${v}/`));

const envSchema = z.object({
  VITE_AUTH_URL: base('/api/auth/'),
  VITE_PAYMENT_URL: base('/api/payment/'),
  VITE_DETECTOR_URL: base('/api/detector/'),
  VITE_GOVERNANCE_URL: base('/api/governance/'),
  VITE_API_URL: base('/api/public/'),
  DEV: z.boolean().default(false),
});

export type Env = z.infer<typeof envSchema>;

/** Parsed once at boot; the only reader of import.meta.env in the app. */
export const env: Env = (() => {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
})();
