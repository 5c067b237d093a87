import type { UserInfo } from '@candor/contracts';
import UserRound from 'lucide-react/icons/user-round';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { PlanState } from '@/lib/session';
import { type AccountSearch, type AccountTab, accountTabs } from '../search';
import { ProfileTab } from './profile-tab';
import { SubscriptionTab } from './subscription-tab';

const tabLabels: Record<AccountTab, string> = {
  profile: 'Profile',
  subscription: 'Subscription',
  'api-agent': 'API Agent',
};

interface AccountPageProps {
  user: UserInfo;
  planState: PlanState;
  search: AccountSearch;
  onTabChange: (tab: AccountTab) => void;
  /** The token balance breakdown, rendered by the tokens feature. */
  balance: ReactNode;
  /** The API keys and webhook, rendered by the api-keys feature. */
  apiAccess: ReactNode;
}

export function AccountPage({ user, planState, search, onTabChange, balance, apiAccess }: AccountPageProps) {
  return (
    <div>
      <PageHeader title="Account" description="Your profile, subscription and API access." icon={UserRound} />
      <Tabs value={search.tab} onValueChange={(tab) => onTabChange(tab as AccountTab)}>
        <TabsList aria-label="Account sections">
          {accountTabs.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {tabLabels[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="subscription" className="space-y-6">
          <SubscriptionTab planState={planState} buyMoreTokens={search.buyMoreTokens} balance={balance} />
        </TabsContent>
        <TabsContent value="api-agent">{apiAccess}</TabsContent>
      </Tabs>
    </div>
  );
}
