import { Link } from '@tanstack/react-router';
import Coins from 'lucide-react/icons/coins';
import Hourglass from 'lucide-react/icons/hourglass';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LicenceActivationsCard } from '@/features/licences/components/licence-activations-card';
import { ReferralCard } from '@/features/referrals/components/referral-card';
import { formatBalance, formatDate, formatPrice } from '@/lib/format';
import type { PlanState } from '@/lib/session';

interface SubscriptionTabProps {
  planState: PlanState;
  buyMoreTokens: boolean | undefined;
  /** The token balance breakdown, rendered by the tokens feature. */
  balance: ReactNode;
}

/** The account's subscription tab: the current plan, the balance, licence activations and the referral link. */
export function SubscriptionTab({ planState, buyMoreTokens, balance }: SubscriptionTabProps) {
  return (
    <>
      {buyMoreTokens && (
        <Alert variant="info">
          <Coins />
          <AlertTitle>Token packets are coming soon</AlertTitle>
          <AlertDescription>Buying extra tokens on top of your plan will be available here shortly.</AlertDescription>
        </Alert>
      )}
      <SubscriptionCard planState={planState} />
      {balance}
      <ReferralCard />
      <LicenceActivationsCard />
    </>
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
              {plan.slug.startsWith('licence-tier-')
                ? 'Lifetime licence'
                : plan.price_cents === 0
                  ? 'Free'
                  : formatPrice(plan.price_cents, plan.currency)}
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
