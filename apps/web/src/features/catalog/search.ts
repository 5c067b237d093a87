import { z } from 'zod';
import { productCategoryIds } from '@/config/product-categories';
import { enumWithDefault } from '@/lib/search-params';

/** /all-products [tab: privacy | provenance | generation | ai-humanizer, default ai-humanizer]. */
export const allProductsSearchSchema = z.object({ tab: enumWithDefault(productCategoryIds, 'ai-humanizer') });
export type AllProductsSearch = z.infer<typeof allProductsSearchSchema>;
