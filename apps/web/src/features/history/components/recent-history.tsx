import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import CircleAlert from 'lucide-react/icons/circle-alert';
import HistoryIcon from 'lucide-react/icons/history';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime, formatTokens } from '@/lib/format';
import { historyListQueryOptions, recentHistoryParams } from '../api/history.queries';
import { serviceLabels } from '../service-meta';
import { OpenToolLink, RunTitleLink } from './open-in-tool-link';

/** `/`: the last five runs, each reopening in its tool, and a link to the full history. */
export function RecentHistory() {
  const history = useQuery(historyListQueryOptions(recentHistoryParams));
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <HistoryIcon className="size-5 text-primary" aria-hidden="true" />
            Recent runs
          </CardTitle>
          <CardDescription>Your last five runs of any tool.</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="shrink-0">
          <Link to="/history">
            All history <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading recent runs">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Recent runs could not be loaded</AlertTitle>
            <AlertDescription className="flex flex-col items-start gap-3">
              {getErrorMessage(history.error)}
              <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : history.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
            No runs yet. When you run a tool, it appears here.
          </p>
        ) : (
          <ul className="divide-y">
            {history.data.items.slice(0, 5).map((item) => (
              <li key={item.history_id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1 space-y-0.5">
                  {/* The link itself truncates, so its focus ring is drawn outside the cut. */}
                  <RunTitleLink item={item} className="block truncate font-medium text-sm" />
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                    <Badge variant="soft">{serviceLabels[item.model_name]}</Badge>
                    <span>{formatDateTime(item.created_at)}</span>
                    <span aria-hidden="true">·</span>
                    <span className="tabular-nums">{formatTokens(item.cost)} tokens</span>
                  </p>
                </div>
                <OpenToolLink item={item} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
