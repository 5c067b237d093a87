import { Link } from '@tanstack/react-router';
import CalendarX from 'lucide-react/icons/calendar-x';
import Hourglass from 'lucide-react/icons/hourglass';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LicenceActivationsCard } from '@/features/licences/components/licence-activations-card';
import { BuyTokensCard } from '@/features/payment/components/buy-tokens-card';
import { SubscriptionActions } from '@/features/payment/components/cancel-subscription';
import { InvoicesCard } from '@/features/payment/components/invoices-card';
import { isLicencePlan, isPaidPlan, planEndLabel } from '@/features/payment/plan-status';
import { ReferralCard } from '@/features/referrals/components/referral-card';
import { UsageCard } from '@/features/tokens/components/usage-card';
import { formatBalance, formatDate, formatPrice } from '@/lib/format';
import type { PlanState } from '@/lib/session';

interface SubscriptionTabProps {
  planState: PlanState;
  buyMoreTokens: boolean | undefined;
  /** The token balance breakdown, rendered by the tokens feature. */
  balance: ReactNode;
}

/**
 * The account's subscription tab: the current plan (cancel or resume a paid one), the balance, usage this period,
 * token packets, invoices, licence activations and the referral link.
 */
export function SubscriptionTab({ planState, buyMoreTokens, balance }: SubscriptionTabProps) {
  const myPlan = planState.status === 'ok' ? planState.myPlan : undefined;
  return (
    <>
      <SubscriptionCard planState={planState} />
      {balance}
      {myPlan && <UsageCard periodStart={myPlan.current_period_start} />}
      <BuyTokensCard spotlight={Boolean(buyMoreTokens)} />
      <InvoicesCard />
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
  const { myPlan } = planState;
  const { plan, expires_at, cancel_at_period_end } = myPlan;
  const paid = isPaidPlan(myPlan);
  const period = plan.period === 'yearly' ? 'Yearly' : plan.period === 'monthly' ? 'Monthly' : null;
  const endLabel = planEndLabel(myPlan);
  return (
    <Card data-testid="current-plan">
      <CardHeader>
        <CardDescription>Current plan</CardDescription>
        <CardTitle className="flex flex-wrap items-center gap-2 text-2xl">
          {plan.name}
          {period && paid && <Badge variant="soft">{period}</Badge>}
          {cancel_at_period_end && (
            <Badge variant="warning">
              <CalendarX aria-hidden="true" /> Won't renew
            </Badge>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Price</dt>
            <dd className="font-medium text-sm">
              {isLicencePlan(myPlan)
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
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Tokens per period</dt>
            <dd className="font-medium text-sm">{formatBalance(plan.tokens)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Current period since</dt>
            <dd className="font-medium text-sm">{formatDate(myPlan.current_period_start)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">{endLabel}</dt>
            <dd className="font-medium text-sm" data-testid="plan-end">
              {expires_at ? formatDate(expires_at) : 'Never'}
            </dd>
          </div>
        </dl>
        {cancel_at_period_end && (
          <p className="text-muted-foreground text-sm">
            Your plan will not renew. It stays active, with its tokens, until{' '}
            {expires_at ? formatDate(expires_at) : 'the end of the period'}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/pricing" search={plan.tab === 'free' ? {} : { tab: plan.tab }}>
              {paid ? 'Change plan' : 'Upgrade plan'}
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/account" search={{ tab: 'subscription', buyMoreTokens: true }}>
              Buy more tokens
            </Link>
          </Button>
          {paid && <SubscriptionActions myPlan={myPlan} />}
        </div>
      </CardContent>
    </Card>
  );
}
