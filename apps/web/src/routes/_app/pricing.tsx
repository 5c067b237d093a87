import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { plansQueryOptions } from '@/features/payment/api/plans.queries';
import { PricingPage } from '@/features/payment/components/pricing-page';
import { pricingSearchSchema } from '@/features/payment/search';
import { titleHead } from '@/lib/head';
import { myPlanQueryOptions, userInfoQueryOptions } from '@/lib/session';

export const Route = createFileRoute('/_app/pricing')({
  validateSearch: pricingSearchSchema,
  head: titleHead('Pricing'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions());
  },
  component: PricingRoute,
});

function PricingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useQuery(userInfoQueryOptions());
  const plan = useQuery({ ...myPlanQueryOptions(), enabled: Boolean(user) });
  return (
    <PricingPage
      search={search}
      loggedIn={Boolean(user)}
      planState={user ? plan.data : undefined}
      onSearchChange={(change) => navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
    />
  );
}
