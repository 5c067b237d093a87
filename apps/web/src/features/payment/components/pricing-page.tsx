import { API_ACCESS_RULE, type MyPlan, type Plan, pricingTabs } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Clock from 'lucide-react/icons/clock';
import CreditCard from 'lucide-react/icons/credit-card';
import Hourglass from 'lucide-react/icons/hourglass';
import Inbox from 'lucide-react/icons/inbox';
import KeyRound from 'lucide-react/icons/key-round';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { formatBalance, formatPrice } from '@/lib/format';
import type { PlanState } from '@/lib/session';
import { cn } from '@/lib/utils';
import { usePlanCheckout } from '../api/checkout.api';
import { couponQueryOptions } from '../api/payments.queries';
import { findPlan, usePlans } from '../api/plans.queries';
import { discountedCents, type ValidCoupon } from '../coupon';
import type { PricingSearch } from '../search';
import { CouponNotice } from './coupon-notice';
import { SwitchPlanDialog, switchLabel } from './switch-plan-dialog';

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

/** Plans from v1/plans/, filtered by the tab and period search params; signed-in users buy here (spec §4). */
export function PricingPage({ search, onSearchChange, loggedIn, planState }: PricingPageProps) {
  const plans = usePlans();
  const checkout = usePlanCheckout();
  const current = planState?.status === 'ok' ? planState.myPlan : undefined;
  // One plan per account: buying replaces any plan but the free one at once (a paid plan, a licence), so it is a
  // switch, confirmed before checkout.
  const replaced = current && current.plan.tab !== 'free' ? current : undefined;
  const highlighted = findPlan(plans.data ?? [], search.plan);
  // The plan from the promotion link names the product the coupon is checked against (its per-product rules).
  const coupon = useQuery({
    ...couponQueryOptions(search.coupon ?? '', highlighted?.slug ?? search.plan),
    enabled: Boolean(search.coupon) && (!search.plan || !plans.isPending),
  });
  const validCoupon: ValidCoupon | undefined = coupon.data?.valid ? coupon.data : undefined;
  const visible = (plans.data ?? []).filter(
    (plan) =>
      (plan.tab === search.tab && plan.period === search.period) ||
      (search.tab === 'ai-detector' && plan.tab === 'free'),
  );
  const buy = (plan: Plan) =>
    checkout.mutate({
      planId: plan.id,
      period: plan.period === 'monthly' ? 'monthly' : 'yearly',
      coupon: validCoupon && discountedCents(validCoupon, plan) !== null ? validCoupon.code : undefined,
    });

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
        <CouponNotice
          code={search.coupon}
          check={coupon.data}
          pending={coupon.isPending && coupon.fetchStatus !== 'idle'}
          error={coupon.error}
          loggedIn={loggedIn}
        />
      )}

      {/* The tabs own the plans below them: one panel, showing the selected product's plans. */}
      <Tabs value={search.tab} onValueChange={(tab) => onSearchChange({ tab: tab as PricingTab })} className="gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label="Product" className="max-w-full overflow-x-auto">
            {pricingTabs.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {tabLabels[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
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

        <TabsContent value={search.tab} className="focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-xl">
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
              {visible.map((plan) => {
                const buying = checkout.variables?.planId === plan.id && (checkout.isPending || checkout.isSuccess);
                return (
                  <li key={plan.id} className="flex">
                    <PlanCard
                      plan={plan}
                      current={plan.id === current?.plan.id}
                      selected={plan.id === highlighted?.id}
                      loggedIn={loggedIn}
                      coupon={search.coupon}
                      discounted={validCoupon ? discountedCents(validCoupon, plan) : null}
                      replaces={replaced}
                      buying={buying}
                      busy={checkout.isPending || checkout.isSuccess}
                      error={checkout.variables?.planId === plan.id && checkout.error ? checkout.error : null}
                      onBuy={() => buy(plan)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          {search.tab === 'api-agent' && (
            <Alert variant="info" className="mt-6">
              <KeyRound />
              <AlertTitle>Who can create API keys</AlertTitle>
              <AlertDescription>{API_ACCESS_RULE}</AlertDescription>
            </Alert>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  selected: boolean;
  loggedIn: boolean;
  coupon: string | undefined;
  /** The first payment with the URL's coupon, or null when there is no discount on this plan. */
  discounted: number | null;
  /** The plan buying this one ends at once: the button says "Switch to…" and asks first. */
  replaces: MyPlan | undefined;
  /** This card's checkout is being created (or the browser is leaving for it). */
  buying: boolean;
  /** Some checkout is under way: no second one starts meanwhile. */
  busy: boolean;
  error: unknown;
  onBuy: () => void;
}

function PlanCard({
  plan,
  current,
  selected,
  loggedIn,
  coupon,
  discounted,
  replaces,
  buying,
  busy,
  error,
  onBuy,
}: PlanCardProps) {
  const free = plan.price_cents === 0;
  const per = plan.period === 'yearly' ? '/ year' : plan.period === 'monthly' ? '/ month' : '';
  const errorId = `checkout-error-${plan.id}`;
  const firstPayment = formatPrice(discounted ?? plan.price_cents, plan.currency);
  const buyButton = (
    <Button
      onClick={replaces ? undefined : onBuy}
      disabled={busy}
      aria-busy={buying}
      aria-describedby={error ? errorId : undefined}
    >
      {buying && <Spinner />}
      {replaces ? switchLabel(replaces.plan, plan) : `Buy ${plan.name}`}
    </Button>
  );
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
        <div>
          {discounted !== null && (
            <p className="flex items-center gap-2 text-sm">
              <span className="sr-only">Regular price</span>
              <s className="text-muted-foreground" data-testid="original-price">
                {formatPrice(plan.price_cents, plan.currency)}
              </s>
              <Badge variant="success">With your coupon</Badge>
            </p>
          )}
          <p className="flex items-baseline gap-1">
            <span className="font-semibold text-4xl tracking-tight">{free ? 'Free' : firstPayment}</span>
            {!free && per && <span className="text-muted-foreground text-sm">{per}</span>}
          </p>
          {discounted !== null && (
            <p className="mt-1 text-muted-foreground text-xs">
              First payment; then {formatPrice(plan.price_cents, plan.currency)} {per}.
            </p>
          )}
        </div>
        <PlanLimits plan={plan} />
        {plan.features.length > 0 && (
          <ul className="space-y-2 text-sm">
            {plan.features.map((feature) =>
              feature.available ? (
                <li key={feature.text} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>{feature.text}</span>
                </li>
              ) : (
                // Listed so the plan reads as it will, but never as something it gives today.
                <li key={feature.text} className="flex items-start gap-2 text-muted-foreground">
                  <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    {feature.text}
                    <span className="sr-only"> (not included yet)</span>
                  </span>
                  <Badge variant="outline" className="ml-auto shrink-0">
                    Coming soon
                  </Badge>
                </li>
              ),
            )}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        {current ? (
          <Button variant="outline" disabled>
            Your current plan
          </Button>
        ) : free ? null : !plan.available ? (
          <>
            <Button disabled aria-describedby={`unavailable-${plan.id}`}>
              Not available yet
            </Button>
            <p id={`unavailable-${plan.id}`} className="text-center text-muted-foreground text-xs">
              The tools in {plan.name} are coming soon. You can buy it once they are here; nothing is charged before.
            </p>
          </>
        ) : loggedIn ? (
          <>
            {replaces ? (
              <SwitchPlanDialog
                current={replaces}
                plan={plan}
                price={firstPayment}
                pending={buying}
                failed={Boolean(error)}
                onConfirm={onBuy}
              >
                {buyButton}
              </SwitchPlanDialog>
            ) : (
              buyButton
            )}
            {error ? (
              <p id={errorId} role="alert" className="text-center text-destructive text-sm">
                {getErrorMessage(error)}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <Button asChild>
              <Link to="/auth/signup" search={{ buyPlanId: plan.id, ...(coupon ? { buyPlanCoupon: coupon } : {}) }}>
                Create an account
              </Link>
            </Button>
            {/* Spec §9: the checkout that follows sign-up is always yearly; say so where monthly is shown. */}
            {plan.period === 'monthly' && (
              <p className="text-center text-muted-foreground text-xs">
                Signing up here checks out the yearly plan. For monthly billing, sign up first, then buy it on this
                page.
              </p>
            )}
          </>
        )}
      </CardFooter>
    </Card>
  );
}

/** Max words per run and, for plans with API access, API requests per minute; a null limit is "No limit". */
function PlanLimits({ plan }: { plan: Plan }) {
  const { max_words_per_run: words, api_requests_per_minute: requests } = plan.limits;
  const items = [{ label: 'Words per run', value: words === null ? 'No limit' : words.toLocaleString('en') }];
  if (plan.tab === 'api-agent' || requests !== null) {
    items.push({ label: 'API requests / min', value: requests === null ? 'No limit' : requests.toLocaleString('en') });
  }
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted/50 p-3 text-sm">
      {items.map((item) => (
        <div key={item.label} className="space-y-0.5">
          <dt className="text-muted-foreground text-xs">{item.label}</dt>
          <dd className="font-medium tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
