import type { HistoryDetail, ServiceName } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { getErrorMessage } from '@/lib/api-client';
import { hrefWithout } from '@/lib/url';
import type { ToolRunCopy } from '../lib/copy';

interface StoredRunProps<Run> {
  historyId: string;
  /** The service this tool stores its runs under: a run of any other is dropped like an unknown id. */
  service: ServiceName;
  copy: ToolRunCopy;
  /** One of this tool's history items read as its run, or null when it doesn't read as one (an older shape). */
  read: (detail: HistoryDetail) => Run | null;
  onNew: () => void;
  children: (run: Run) => ReactNode;
}

/**
 * Loads a stored run (?history_id=) with the history detail query: a skeleton, then the report. An id the server
 * does not know, or another tool's run, is dropped by a redirect (spec §2, §8). A failed load says why and retries;
 * a run of this tool that can't be read says so.
 */
export function StoredRun<Run>({ historyId, service, copy, read, onNew, children }: StoredRunProps<Run>) {
  const query = useQuery(historyDetailQueryOptions(historyId));
  const router = useRouter();
  const detail = query.data;
  const ownRun = detail?.item.model_name === service;
  const run = useMemo(() => (detail && ownRun ? read(detail) : null), [detail, ownRun, read]);
  const notThisToolsRun = query.isSuccess && !ownRun;
  // An effect, not a <Navigate>, which navigates again on every render until the screen has left.
  useEffect(() => {
    if (!notThisToolsRun) return;
    void router.navigate({ href: hrefWithout(router.state.location, ['history_id']), replace: true });
  }, [notThisToolsRun, router]);

  const unreadable = ownRun && !run;
  if (query.isError || unreadable) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>This {copy.noun} could not be opened</AlertTitle>
        <AlertDescription>
          <p>
            {query.isError
              ? getErrorMessage(query.error)
              : 'It was saved in a form this version of Candor can’t show. Its entry stays in your history.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {query.isError && (
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={onNew}>
              New {copy.noun}
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }
  // Still loading, or on the way back to the editor.
  if (!run) return <StoredRunSkeleton noun={copy.noun} />;
  return children(run);
}

function StoredRunSkeleton({ noun }: { noun: string }) {
  return (
    <div role="status" className="space-y-4" aria-busy="true" aria-label={`Loading the ${noun}`}>
      <div className="space-y-2">
        <Skeleton className="h-6 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="py-5">
          <CardContent className="space-y-3 px-5">
            {[1, 2, 3, 4, 5, 6, 7, 8].map((key) => (
              <Skeleton key={key} className="h-4" style={{ width: `${70 + ((key * 37) % 30)}%` }} />
            ))}
          </CardContent>
        </Card>
        <div className="space-y-4">
          <Skeleton className="h-56 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
