import { Spinner } from '@/components/ui/spinner';

/** Shown when a route takes longer than defaultPendingMs (1 s) to load. */
export function RoutePending() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-2 text-muted-foreground text-sm">
      <Spinner className="size-5" />
      Loading…
    </div>
  );
}
