import BarChart3 from 'lucide-react/icons/chart-bar';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serviceLabels } from '@/features/history/service-meta';
import { getErrorMessage } from '@/lib/api-client';
import { formatDay, formatTokens } from '@/lib/format';
import { useTokenStats } from '../api/token-stats.queries';
import { toUsageChartData, type UsageChartData, type UsageRange } from '../lib/usage-range';
import { selectionRange, UsageRangeControl, type UsageSelection } from './usage-range-control';

// recharts is heavy: it loads only once there is something to draw, never with the first page load.
const UsageChart = lazy(() => import('./usage-chart'));

const describeRange = ({ from, to }: UsageRange) =>
  from === to
    ? formatDay(from, { dateStyle: 'medium' })
    : `${formatDay(from, { dateStyle: 'medium' })} – ${formatDay(to, { dateStyle: 'medium' })}`;

/** `/`: tokens used per day and per service over a chosen period (default today, spec §9). */
export function UsageOverview({ now }: { now?: Date }) {
  const [selection, setSelection] = useState<UsageSelection>({ preset: 'today' });
  const range = selectionRange(selection, now);
  const stats = useTokenStats(range.from, range.to);
  const data = useMemo(() => (stats.data ? toUsageChartData(stats.data) : null), [stats.data]);
  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <BarChart3 className="size-5 text-primary" aria-hidden="true" />
            Token usage
          </CardTitle>
          <CardDescription aria-live="polite">
            {describeRange(range)} (UTC)
            {data ? ` · ${formatTokens(data.total)} tokens used` : ''}
          </CardDescription>
        </div>
        <UsageRangeControl value={selection} onChange={setSelection} now={now} />
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <ChartSkeleton />
        ) : stats.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Usage could not be loaded</AlertTitle>
            <AlertDescription className="flex flex-col items-start gap-3">
              {getErrorMessage(stats.error)}
              <Button size="sm" variant="outline" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !data || data.total === 0 ? (
          <div className="flex h-40 flex-col items-center justify-center gap-1 rounded-lg border border-dashed text-center">
            <p className="font-medium text-sm">No tokens used in this period</p>
            <p className="text-muted-foreground text-sm">Runs of any tool show up here.</p>
          </div>
        ) : (
          <>
            <Suspense fallback={<ChartSkeleton />}>
              <UsageChart data={data} />
            </Suspense>
            <UsageTable data={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChartSkeleton() {
  return (
    <div role="status" aria-label="Loading usage" className="flex h-72 items-end gap-2">
      {[40, 65, 30, 80, 55, 70, 45].map((height) => (
        <Skeleton key={height} className="flex-1 rounded-b-none" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

/** The chart's numbers for screen readers: a visually hidden table of days × services. */
export function UsageTable({ data }: { data: UsageChartData }) {
  const captionId = useId();
  return (
    // The wrapper hides it: a table ignores sr-only's 1px width and would widen a phone's page.
    <div className="sr-only">
      <table aria-labelledby={captionId}>
        <caption id={captionId}>Tokens used per day and per service, {formatTokens(data.total)} in total</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {data.services.map((service) => (
              <th key={service} scope="col">
                {serviceLabels[service]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.date}>
              <th scope="row">{formatDay(row.date, { dateStyle: 'medium' })}</th>
              {data.services.map((service) => (
                <td key={service}>{formatTokens(row[service] ?? 0)}</td>
              ))}
              <td>{formatTokens(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
