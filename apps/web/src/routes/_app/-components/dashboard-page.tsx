import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { catalogue, productCategories } from '@/config/navigation';
import { ToolGrid } from '@/features/catalog/components/tool-card';
import { RecentHistory } from '@/features/history/components/recent-history';
import { planEndLabel } from '@/features/payment/plan-status';
import { BalanceCards } from '@/features/tokens/components/balance-cards';
import { UsageOverview } from '@/features/tokens/components/usage-overview';
import { formatDate } from '@/lib/format';
import { myPlanQueryOptions, userInfoQueryOptions } from '@/lib/session';

const greeting = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

/** `/`: a greeting, the balance and plan, token usage by day and service, recent runs, and the tool catalogue. */
export function DashboardPage() {
  const { data: user } = useQuery(userInfoQueryOptions());
  const { data: planState } = useQuery(myPlanQueryOptions());
  const firstName = user?.full_name.split(/\s+/)[0] ?? '';
  const myPlan = planState?.status === 'ok' ? planState.myPlan : null;
  return (
    <div className="space-y-10">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
            {greeting(new Date().getHours())}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          <p className="text-muted-foreground text-sm">
            Your balance, your usage, your latest runs and everything Candor can do for you.
          </p>
        </div>
        {myPlan && (
          <div className="flex items-center gap-3 rounded-lg border bg-card px-4 py-2.5 text-sm shadow-xs">
            <span className="text-muted-foreground">Plan</span>
            <Badge variant="soft">{myPlan.plan.name}</Badge>
            {myPlan.expires_at && (
              <span className="text-muted-foreground text-xs">
                {planEndLabel(myPlan)} {formatDate(myPlan.expires_at)}
              </span>
            )}
            <Link to="/pricing" className="font-medium text-primary text-xs underline-offset-4 hover:underline">
              Upgrade
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="balance-heading" className="space-y-4">
        <h2 id="balance-heading" className="font-semibold text-lg">
          Token balance
        </h2>
        <BalanceCards />
      </section>

      <section
        aria-label="Usage and recent runs"
        className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      >
        <UsageOverview />
        <RecentHistory />
      </section>

      {productCategories.map((category) => (
        <section key={category.id} aria-labelledby={`tools-${category.id}`} className="space-y-4">
          <div className="flex items-end justify-between gap-4">
            <div>
              <h2 id={`tools-${category.id}`} className="font-semibold text-lg">
                {category.label}
              </h2>
              <p className="text-muted-foreground text-sm">{category.description}</p>
            </div>
            <Button asChild variant="ghost" size="sm" className="shrink-0">
              <Link to="/all-products" search={{ tab: category.id }}>
                View all <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ToolGrid tools={catalogue(category.id)} />
        </section>
      ))}
    </div>
  );
}
