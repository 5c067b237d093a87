import { type ProductId, productAvailabilitySchema } from '@candor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from './api-client';

export const productKeys = { all: ['products'] as const };

/** `v1/products/`: which listed products this deployment offers (the server owns the fact; a deploy changes it). */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.all,
    queryFn: async () => {
      const { items } = await parseJson(api.detector.get('v1/products/'), productAvailabilitySchema);
      return new Set(items.filter((item) => item.available).map((item) => item.id));
    },
    staleTime: 10 * 60_000,
  });

/**
 * Whether a product is offered: `true` or `false` once the server said, `undefined` while it is loading or could not
 * be asked (the tool screens themselves stay honest then).
 */
export function useProductAvailability(): (product: ProductId) => boolean | undefined {
  const { data } = useQuery(productsQueryOptions());
  return (product) => data?.has(product);
}
