import type { UserInfo } from '@candor/contracts';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Coins from 'lucide-react/icons/coins';
import Hourglass from 'lucide-react/icons/hourglass';
import UserRound from 'lucide-react/icons/user-round';
import type { ReactNode } from 'react';
import { ComingSoonPanel } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatBalance, formatDate, formatPrice } from '@/lib/format';
import type { PlanState } from '@/lib/session';
import { type AccountSearch, type AccountTab, accountTabs } from '../search';

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
}

export function AccountPage({ user, planState, search, onTabChange, balance }: AccountPageProps) {
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
          <ProfileCard user={user} />
        </TabsContent>
        <TabsContent value="subscription" className="space-y-6">
          {search.buyMoreTokens && (
            <Alert variant="info">
              <Coins />
              <AlertTitle>Token packets are coming soon</AlertTitle>
              <AlertDescription>
                Buying extra tokens on top of your plan will be available here shortly.
              </AlertDescription>
            </Alert>
          )}
          <SubscriptionCard planState={planState} />
          {balance}
        </TabsContent>
        <TabsContent value="api-agent">
          <ComingSoonPanel what="API access" />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ProfileCard({ user }: { user: UserInfo }) {
  const rows: [string, ReactNode][] = [
    ['Full name', user.full_name],
    ['E-mail', user.email],
    ['Username', user.username],
    ['Category', user.category ?? '—'],
    [
      'Referral code',
      <code key="code" className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
        {user.referral_code}
      </code>,
    ],
    ['Member since', formatDate(user.created_at)],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-4">
        <Avatar name={user.full_name} className="size-12 text-base" />
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2 text-lg">
            {user.full_name}
            {user.is_verified && (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" /> Verified
              </Badge>
            )}
          </CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="space-y-1">
              <dt className="text-muted-foreground text-xs uppercase tracking-wider">{label}</dt>
              <dd className="font-medium text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-muted-foreground text-xs">Editing your profile will be available here soon.</p>
      </CardContent>
    </Card>
  );
}

function SubscriptionCard({ planState }: { planState: PlanState }) {
  if (planState.status === 'free_plan_expired') {
    return (
      <Alert variant="warning">
        <Hourglass />
        <AlertTitle>Your free plan has expired</AlertTitle>
        <AlertDescription>
          <Button asChild size="sm" className="mt-2">
            <Link to="/pricing" search={{ freePlanExpired: true }}>
              See plans
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (planState.status !== 'ok') return null;
  const { plan, started_at, expires_at } = planState.myPlan;
  return (
    <Card>
      <CardHeader>
        <CardDescription>Current plan</CardDescription>
        <CardTitle className="text-2xl">{plan.name}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-4">
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Price</dt>
            <dd className="font-medium text-sm">
              {plan.price_cents === 0 ? 'Free' : formatPrice(plan.price_cents, plan.currency)}
              {plan.period !== 'none' && plan.price_cents > 0
                ? ` / ${plan.period === 'yearly' ? 'year' : 'month'}`
                : ''}
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Tokens</dt>
            <dd className="font-medium text-sm">{formatBalance(plan.tokens)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Started</dt>
            <dd className="font-medium text-sm">{formatDate(started_at)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">
              {expires_at ? 'Renews or ends' : 'Ends'}
            </dt>
            <dd className="font-medium text-sm">{expires_at ? formatDate(expires_at) : 'Never'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/pricing">Compare plans</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/account" search={{ tab: 'subscription', buyMoreTokens: true }}>
              Buy more tokens
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
