import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isChunkLoadError, reloadOnceFor } from '@/lib/chunk-reload';

/** Spec §2/§8: the generic route error panel, with the message behind a Show Error / Hide Error toggle. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [show, setShow] = useState(false);
  // A lazily loaded screen that failed to download: one reload per distinct message (spec §4).
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnceFor(error));
  if (reloading) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 p-10 text-muted-foreground text-sm">
        <Spinner /> Loading the latest version…
      </div>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="flex justify-center p-4 sm:p-8">
      <div role="alert" className="w-full max-w-xl rounded-xl border border-destructive/30 bg-card p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="min-w-0 flex-1 space-y-3">
            <h2 className="font-semibold text-lg">Something went wrong!</h2>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setShow((v) => !v)} aria-expanded={show}>
                {show ? 'Hide Error' : 'Show Error'}
              </Button>
              <Button
                size="sm"
                onClick={() => {
                  reset();
                  void router.invalidate();
                }}
              >
                Try again
              </Button>
            </div>
            {show && (
              <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-mono text-destructive text-xs">
                {message || 'No message'}
              </pre>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
