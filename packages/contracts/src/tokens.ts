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
] as const;
export const serviceNameSchema = z.enum(serviceNames);
export type ServiceName = z.infer<typeof serviceNameSchema>;

/** `ai-detector/model-coefficient-values`: tokens charged per unit, per service. */
export const modelCoefficientsSchema = z.object({
  items: z.array(z.object({ model_name: serviceNameSchema, coefficient: z.number(), unit: z.string() })),
});
export type ModelCoefficients = z.infer<typeof modelCoefficientsSchema>;

/** `services/cancellation-reasons/?source=`: the query (no source lists every reason). */
export const cancellationReasonsQuerySchema = z.object({ source: z.string().trim().min(1).max(64).optional() });
export type CancellationReasonsQuery = z.infer<typeof cancellationReasonsQuerySchema>;

/** `services/cancellation-reasons/?source=` */
export const cancellationReasonsSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), source: z.string(), label: z.string() })),
});
export type CancellationReasons = z.infer<typeof cancellationReasonsSchema>;
