import type { ProductId } from '@candor/contracts';
import { z } from 'zod';
import { type ProductCategoryId, productCategoryIds } from '@/config/product-categories';

/** The spec's default tab (§2 /all-products). */
export const defaultProductCategory: ProductCategoryId = 'ai-humanizer';

/**
 * /all-products [tab: privacy | provenance | generation | ai-humanizer]. Absent (or unknown) when the URL names none,
 * so the page can tell "the default" from a tab the user chose (`openingCategory`).
 */
export const allProductsSearchSchema = z.object({ tab: z.enum(productCategoryIds).optional().catch(undefined) });
export type AllProductsSearch = z.infer<typeof allProductsSearchSchema>;

/**
 * The tab the page opens on: the one the URL names; else the spec's default, unless none of its tools is offered yet
 * — then the first tab that has one, so a visitor never lands on a page of placeholders (docs/product-decisions.md).
 */
export function openingCategory(
  chosen: ProductCategoryId | undefined,
  productsOf: (category: ProductCategoryId) => readonly ProductId[],
  isAvailable: (product: ProductId) => boolean | undefined,
): ProductCategoryId {
  if (chosen) return chosen;
  const offersSomething = (category: ProductCategoryId) =>
    productsOf(category).some((product) => isAvailable(product) !== false);
  if (offersSomething(defaultProductCategory)) return defaultProductCategory;
  return productCategoryIds.find(offersSomething) ?? defaultProductCategory;
}
