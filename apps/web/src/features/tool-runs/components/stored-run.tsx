import type { HistoryDetail } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { type ReactNode, useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { getErrorMessage } from '@/lib/api-client';
import type { ToolRunCopy } from '../lib/copy';

interface StoredRunProps<Run> {
  historyId: string;
  copy: ToolRunCopy;
  /** The history item read as this tool's run, or null when it is another tool's (or an older shape). */
  read: (detail: HistoryDetail) => Run | null;
  /** What the run should have been: "an AI Detector report". */
  expected: string;
  onNew: () => void;
  children: (run: Run) => ReactNode;
}

/** Loads a stored run (?history_id=) with the history detail query: a skeleton, then the report or why not. */
export function StoredRun<Run>({ historyId, copy, read, expected, onNew, children }: StoredRunProps<Run>) {
  const query = useQuery(historyDetailQueryOptions(historyId));
  const run = useMemo(() => (query.data ? read(query.data) : null), [query.data, read]);

  if (query.isPending) return <StoredRunSkeleton noun={copy.noun} />;
  if (query.isError || !run) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>This {copy.noun} could not be opened</AlertTitle>
        <AlertDescription>
          <p>{query.isError ? getErrorMessage(query.error) : `The saved run is not ${expected}.`}</p>
          <Button variant="outline" size="sm" onClick={onNew} className="mt-2">
            New {copy.noun}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
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
