import type { AccountSession } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import LogOut from 'lucide-react/icons/log-out';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { sessionsQueryOptions, useEndSession, useSignOutEverywhere } from '../api/account.api';

/** Where this account is signed in, with a way out of each and of all at once. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQueryOptions());
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();

  const onSignOutEverywhere = async () => {
    try {
      await everywhere.mutateAsync();
      toast.success('Signed out everywhere');
      // The session is over on the server; the guards must see it before sign-in opens.
      auth.clearSession();
      await navigate({ to: '/auth/signin' });
      queryClient.clear();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  const onEnd = async (session: AccountSession) => {
    try {
      await end.mutateAsync(session.id);
      toast.success('Session signed out', { description: session.device });
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Browsers and apps signed in to your account.</CardDescription>
        <CardAction>
          <Button variant="outline" onClick={onSignOutEverywhere} disabled={everywhere.isPending}>
            {everywhere.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            {/* A phone's header is narrow: the long label squeezed the description beside it to a word a line. */}
            <span className="sm:hidden">Sign out all</span>
            <span className="max-sm:hidden">Sign out everywhere</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading sessions">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertDescription>
              {getErrorMessage(sessions.error)}
              <Button size="sm" variant="outline" className="mt-2 w-fit" onClick={() => sessions.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : sessions.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No other sessions.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sessions">
            {sessions.data.items.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row">
                <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="flex items-center gap-2 font-medium text-sm">
                    {session.device}
                    {session.current && <Badge variant="soft">This device</Badge>}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {session.ip ? `${session.ip} · ` : ''}Signed in {formatDateTime(session.started_at)} · Last active{' '}
                    {formatDateTime(session.last_active_at)}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onEnd(session)}
                    disabled={end.isPending && end.variables === session.id}
                    aria-label={`Sign out ${session.device}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
