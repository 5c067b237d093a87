import { z } from 'zod';

/**
 * Everything Candor lists: the catalogue's tools (spec §2 "All-products catalogue", plus the website scanner) and the
 * public API. Listing a product is not offering it: the server says which ones exist in this deployment.
 */
export const productIds = [
  'secure-llm',
  'document-redactor',
  'vexon',
  'file-system-scan',
  'data-based-anonymizer',
  'ai-detector',
  'humanized-text-detector',
  'copyright-detector',
  'writing-analysis',
  'stealth-ai-writer',
  'content-enhancer',
  'content-humanizer',
  'seo-scanner',
  'public-api',
] as const;
export const productIdSchema = z.enum(productIds);
export type ProductId = z.infer<typeof productIdSchema>;

/**
 * `GET v1/products/` (detector service, public): which products this deployment offers. A product is available when a
 * registered tool provides it or its feature is switched on; the sidebar, the catalogue, pricing and checkout follow.
 */
export const productAvailabilitySchema = z.object({
  items: z.array(z.object({ id: productIdSchema, available: z.boolean() })),
});
export type ProductAvailability = z.infer<typeof productAvailabilitySchema>;

/** A plan's feature line as the catalogue stores it: its words, and the products it promises (none for "14 days"). */
export const planFeatureLineSchema = z.object({
  text: z.string().min(1),
  products: z.array(productIdSchema).optional(),
});
export type PlanFeatureLine = z.infer<typeof planFeatureLineSchema>;
