import { type Plan, pricingTabs } from '@candor/contracts';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CreditCard from 'lucide-react/icons/credit-card';
import Gift from 'lucide-react/icons/gift';
import Hourglass from 'lucide-react/icons/hourglass';
import Inbox from 'lucide-react/icons/inbox';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { formatBalance, formatPrice } from '@/lib/format';
import type { PlanState } from '@/lib/session';
import { cn } from '@/lib/utils';
import { usePlans } from '../api/plans.queries';
import type { PricingSearch } from '../search';

type PricingTab = (typeof pricingTabs)[number];

const tabLabels: Record<PricingTab, string> = {
  'ai-detector': 'AI Detector',
  'stealth-ai': 'Stealth AI',
  'api-agent': 'API Agent',
};

interface PricingPageProps {
  search: PricingSearch;
  onSearchChange: (change: Partial<PricingSearch>) => void;
  loggedIn: boolean;
  /** The signed-in user's plan, once known. */
  planState: PlanState | undefined;
}

/** Plans from v1/plans/, filtered by the tab and period search params. Buying arrives with checkout. */
export function PricingPage({ search, onSearchChange, loggedIn, planState }: PricingPageProps) {
  const plans = usePlans();
  const currentPlanId = planState?.status === 'ok' ? planState.myPlan.plan.id : undefined;
  const visible = (plans.data ?? []).filter(
    (plan) =>
      (plan.tab === search.tab && plan.period === search.period) ||
      (search.tab === 'ai-detector' && plan.tab === 'free'),
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Pricing"
        description="Token-based plans for every tool. Pick the product, then the billing period."
        icon={CreditCard}
      />

      {search.freePlanExpired && (
        <Alert variant="warning">
          <Hourglass />
          <AlertTitle>Your free plan has expired</AlertTitle>
          <AlertDescription>Choose a plan to keep using Candor. Your history and settings are kept.</AlertDescription>
        </Alert>
      )}
      {search.coupon && (
        <Alert variant="info">
          <Gift />
          <AlertTitle>Coupon {search.coupon}</AlertTitle>
          <AlertDescription>Your coupon is saved and will be applied when you check out.</AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Tabs value={search.tab} onValueChange={(tab) => onSearchChange({ tab: tab as PricingTab })}>
          <TabsList aria-label="Product">
            {pricingTabs.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {tabLabels[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <fieldset className="inline-flex w-fit rounded-lg bg-muted p-1">
          <legend className="sr-only">Billing period</legend>
          {(['monthly', 'yearly'] as const).map((period) => (
            <label
              key={period}
              className={cn(
                'relative inline-flex h-8 cursor-pointer items-center rounded-md px-4 font-medium text-muted-foreground text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                search.period === period && 'bg-background text-foreground shadow-sm',
              )}
            >
              <input
                type="radio"
                name="period"
                value={period}
                checked={search.period === period}
                onChange={() => onSearchChange({ period })}
                className="sr-only"
              />
              {period === 'monthly' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
      </div>

      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <Alert variant="destructive">
          <CircleAlert />
          <AlertTitle>Plans could not be loaded</AlertTitle>
          <AlertDescription>{getErrorMessage(plans.error)}</AlertDescription>
        </Alert>
      ) : visible.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No plans here yet"
          description={`There is no ${search.period} ${tabLabels[search.tab]} plan at the moment. Try the other billing period.`}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                current={plan.id === currentPlanId}
                selected={search.plan === plan.id || search.plan === plan.slug}
                loggedIn={loggedIn}
                coupon={search.coupon}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlanCard({
  plan,
  current,
  selected,
  loggedIn,
  coupon,
}: {
  plan: Plan;
  current: boolean;
  selected: boolean;
  loggedIn: boolean;
  coupon: string | undefined;
}) {
  const free = plan.price_cents === 0;
  const per = plan.period === 'yearly' ? '/ year' : plan.period === 'monthly' ? '/ month' : '';
  return (
    <Card
      aria-label={plan.name}
      className={cn(
        'w-full',
        selected && 'border-primary shadow-md ring-2 ring-primary/30',
        current && 'border-success/50',
      )}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">{plan.name}</CardTitle>
          {current ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" /> Current plan
            </Badge>
          ) : selected ? (
            <Badge>Selected</Badge>
          ) : null}
        </div>
        <CardDescription>
          {plan.tokens === -1 ? 'Unlimited tokens' : `${formatBalance(plan.tokens)} tokens`}
          {per ? ` ${per}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <p className="flex items-baseline gap-1">
          <span className="font-semibold text-4xl tracking-tight">
            {free ? 'Free' : formatPrice(plan.price_cents, plan.currency)}
          </span>
          {!free && per && <span className="text-muted-foreground text-sm">{per}</span>}
        </p>
        {plan.features.length > 0 && (
          <ul className="space-y-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        {current ? (
          <Button variant="outline" disabled>
            Your current plan
          </Button>
        ) : free ? null : loggedIn ? (
          <>
            <Button disabled aria-describedby={`checkout-note-${plan.id}`}>
              Checkout arrives soon
            </Button>
            <p id={`checkout-note-${plan.id}`} className="text-center text-muted-foreground text-xs">
              Online checkout is coming soon.
            </p>
          </>
        ) : (
          <Button asChild>
            <Link to="/auth/signup" search={{ buyPlanId: plan.id, ...(coupon ? { buyPlanCoupon: coupon } : {}) }}>
              Create an account
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
