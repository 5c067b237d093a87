import { createFileRoute } from '@tanstack/react-router';
import { AllProductsPage } from '@/features/catalog/components/all-products-page';
import { allProductsSearchSchema } from '@/features/catalog/search';
import { titleHead } from '@/lib/head';
import { productsQueryOptions } from '@/lib/products';

export const Route = createFileRoute('/_app/all-products')({
  validateSearch: allProductsSearchSchema,
  head: titleHead('All products'),
  // The opening tab depends on what is offered: know it before the first paint (a failure leaves it unknown).
  loader: ({ context }) => context.queryClient.ensureQueryData(productsQueryOptions()).catch(() => undefined),
  component: AllProductsRoute,
});

function AllProductsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AllProductsPage
      search={search}
      onTabChange={(tab) => navigate({ search: (prev) => ({ ...prev, tab }), replace: true })}
    />
  );
}
