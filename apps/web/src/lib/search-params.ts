import { z } from 'zod';

/*
 * Search-param building blocks. Every schema ends in `.catch(...)` so a hand-edited URL falls back to the
 * default instead of crashing the route. The router parses values as JSON first, so "123" arrives as a
 * number and "true" as a boolean: the helpers accept both forms.
 */

/** An optional free-text value (ids, codes, coupons, e-mails); numbers are read back as text. */
export const optionalText = (max = 500) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1).max(max))
    .optional()
    .catch(undefined);

/** An optional flag: true for `true`/"true"/1; absent otherwise (so it never lands in the URL as false). */
export const optionalFlag = () =>
  z
    .unknown()
    .transform((v) => (v === true || v === 'true' || v === 1 || v === '1' ? true : undefined))
    .optional()
    .catch(undefined);

/** One of a fixed set of values, or the default. */
export const enumWithDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).default(fallback).catch(fallback);

/** A positive integer (numbers or digit strings), or the default; optionally clamped to a maximum. */
export const positiveInt = (fallback: number, max?: number) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/)])
    .transform(Number)
    .pipe(z.number().int().positive())
    .transform((n) => (max === undefined ? n : Math.min(n, max)))
    .default(fallback)
    .catch(fallback);

/**
 * A list of allowed values: accepts an array or one value (or a comma-separated string); unknown entries are
 * dropped, and a list with nothing left is absent (so it leaves the URL).
 */
export const listOf = <const T extends readonly [string, ...string[]]>(values: T) => {
  const allowed = new Set<string>(values);
  return z
    .unknown()
    .transform((v): T[number][] | undefined => {
      const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
      const kept = raw.map((item) => String(item).trim()).filter((item) => allowed.has(item)) as T[number][];
      return kept.length > 0 ? [...new Set(kept)] : undefined;
    })
    .optional()
    .catch(undefined);
};

/** Root: campaign parameters, stored and stripped on arrival. */
export const utmSearchSchema = z.object({
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
});
export type UtmSearch = z.infer<typeof utmSearchSchema>;
export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** Tool screens that reopen a run: `?history_id=`. */
export const historyIdSearchSchema = z.object({ history_id: optionalText(100) });
export type HistoryIdSearch = z.infer<typeof historyIdSearchSchema>;

/** /ai-detector: the provenance history id plus the marketplace welcome flag. */
export const aiDetectorSearchSchema = historyIdSearchSchema.extend({ appSumoGreeting: optionalFlag() });

/** /content-humanizer [history_id, submitSaved]. */
export const contentHumanizerSearchSchema = historyIdSearchSchema.extend({ submitSaved: optionalFlag() });

/** /contact-us [source]: where the visitor came from (a page or a campaign). */
export const contactSearchSchema = z.object({ source: optionalText(100) });

/** /apply-promotion [buyPlanId, coupon]. */
export const applyPromotionSearchSchema = z.object({ buyPlanId: optionalText(100), coupon: optionalText(100) });
