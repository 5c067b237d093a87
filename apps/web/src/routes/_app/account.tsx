import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/account/components/account-page';
import { accountSearchSchema } from '@/features/account/search';
import { ApiKeysTab } from '@/features/api-keys/components/api-keys-tab';
import { BalanceCards } from '@/features/tokens/components/balance-cards';
import { titleHead } from '@/lib/head';
import { myPlanQueryOptions, userInfoQueryOptions } from '@/lib/session';

export const Route = createFileRoute('/_app/account')({
  validateSearch: accountSearchSchema,
  head: titleHead('Account'),
  component: AccountRoute,
});

function AccountRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useQuery(userInfoQueryOptions());
  const { data: planState } = useQuery(myPlanQueryOptions());
  if (!user || !planState) return null;
  return (
    <AccountPage
      user={user}
      planState={planState}
      search={search}
      onTabChange={(tab) => navigate({ search: (prev) => ({ ...prev, tab }), replace: true })}
      balance={<BalanceCards />}
      apiAccess={<ApiKeysTab />}
    />
  );
}
