import { z } from 'zod';

/** `ai-detector/user-token-balance/` (spec §3). */
export const tokenBalanceSchema = z.object({
  token_balance: z.number().int(),
  plan_balance: z.number().int(),
  referral_token_balance: z.number().int(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

export const serviceNames = [
  'AI_DETECTION',
  'SOURCE_DETECTION',
  'WRITING_ANALYSIS',
  'QUILLBOT_ANALYSIS',
  'AI_DETECTION_HIGHLIGHTER',
  'PLAGIARISM',
  'HUMANIZER',
  'AI_WRITER',
  'REWRITE',
  'SUMMARIZE',
  'EXPAND',
  'SHORTEN',
  'ADD_CONTENT',
  'PII_TEXT_DETECT',
  'VEXON',
  'SITE_SCAN',
] as const;
export const serviceNameSchema = z.enum(serviceNames);
export type ServiceName = z.infer<typeof serviceNameSchema>;

/** Human names of the services, for history, filters and the reports that name an earlier run's tool. */
export const serviceLabels: Record<ServiceName, string> = {
  AI_DETECTION: 'AI Detection',
  SOURCE_DETECTION: 'Source Detection',
  WRITING_ANALYSIS: 'Writing Analysis',
  QUILLBOT_ANALYSIS: 'Humanized Text Detection',
  AI_DETECTION_HIGHLIGHTER: 'AI Highlighter',
  PLAGIARISM: 'Copyright Detection',
  HUMANIZER: 'AI Humanizer',
  AI_WRITER: 'Stealth AI Writer',
  REWRITE: 'Rewrite',
  SUMMARIZE: 'Summarize',
  EXPAND: 'Expand',
  SHORTEN: 'Shorten',
  ADD_CONTENT: 'Add Content',
  PII_TEXT_DETECT: 'Document Redactor',
  VEXON: 'Deepfake Audio',
  SITE_SCAN: 'Website Scan',
};

/** `ai-detector/model-coefficient-values`: tokens charged per unit, per service. */
export const modelCoefficientsSchema = z.object({
  items: z.array(z.object({ model_name: serviceNameSchema, coefficient: z.number(), unit: z.string() })),
});
export type ModelCoefficients = z.infer<typeof modelCoefficientsSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Use a real calendar date',
  );

/** The longest range `get-token-stats` answers in one call. */
export const TOKEN_STATS_MAX_DAYS = 366;

/** `ai-detector/get-token-stats?from_date=&to_date=` (YYYY-MM-DD, UTC days; each defaults to today, §9). */
export const tokenStatsQuerySchema = z.object({ from_date: isoDate.optional(), to_date: isoDate.optional() });
export type TokenStatsQuery = z.infer<typeof tokenStatsQuerySchema>;

/** Tokens charged per UTC day and per service; days without use are listed with zeros. */
export const tokenStatsSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  total_tokens: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      total_tokens: z.number().int(),
      by_model: z.array(z.object({ model_name: serviceNameSchema, tokens: z.number().int() })),
    }),
  ),
  by_model: z.array(z.object({ model_name: serviceNameSchema, tokens: z.number().int() })),
});
export type TokenStats = z.infer<typeof tokenStatsSchema>;

/** `services/cancellation-reasons/?source=`: the query (no source lists every reason). */
export const cancellationReasonsQuerySchema = z.object({ source: z.string().trim().min(1).max(64).optional() });
export type CancellationReasonsQuery = z.infer<typeof cancellationReasonsQuerySchema>;

/** `services/cancellation-reasons/?source=` */
export const cancellationReasonsSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), source: z.string(), label: z.string() })),
});
export type CancellationReasons = z.infer<typeof cancellationReasonsSchema>;
