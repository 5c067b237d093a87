import { serviceLabels } from '@candor/contracts';
import BarChart3 from 'lucide-react/icons/chart-bar';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatTokens } from '@/lib/format';
import { useTokenStats, utcDay } from '../api/token-stats.queries';

/** Tokens used per service since the current billing period started (the allowance was last reset then). */
export function UsageCard({ periodStart }: { periodStart: string }) {
  const from = utcDay(periodStart);
  const to = utcDay(new Date());
  const stats = useTokenStats(from <= to ? from : to, to);
  const used = (stats.data?.by_model ?? []).filter((item) => item.tokens > 0).sort((a, b) => b.tokens - a.tokens);
  const top = used[0]?.tokens ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          Usage this period
        </CardTitle>
        <CardDescription>
          Since {formatDate(`${from}T00:00:00Z`)}
          {stats.data ? ` · ${formatTokens(stats.data.total_tokens)} tokens used` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading usage">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-6 w-full" />
            ))}
          </div>
        ) : stats.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Usage could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(stats.error)}</AlertDescription>
          </Alert>
        ) : used.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No tokens used yet this period. Runs of any tool show up here.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Tokens used per service">
            {used.map((item) => (
              <li key={item.model_name} className="space-y-1">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span>{serviceLabels[item.model_name]}</span>
                  <span className="font-medium tabular-nums">{formatTokens(item.tokens)}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${Math.max(2, Math.round((item.tokens / top) * 100))}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
