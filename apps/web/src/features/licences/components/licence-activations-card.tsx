import CircleAlert from 'lucide-react/icons/circle-alert';
import TicketCheck from 'lucide-react/icons/ticket-check';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLicenceActivations } from '../api/licences';
import { outcomeCopy } from './licence-outcome';

/** Every licence (AppSumo) code this account tried to activate, newest first, with what happened. */
export function LicenceActivationsCard() {
  const { data, isPending, error } = useLicenceActivations();
  return (
    <Card aria-labelledby="licence-activations-title">
      <CardHeader>
        <CardTitle id="licence-activations-title" className="flex items-center gap-2">
          <TicketCheck className="size-5 text-primary" aria-hidden="true" />
          Licence activations
        </CardTitle>
        <CardDescription>
          AppSumo licence codes activated on this account. Up to 3 codes stack: each extra code raises your tier by one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-2" role="status" aria-label="Loading licence activations">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : error ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Your licence activations could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(error)}</AlertDescription>
          </Alert>
        ) : data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No licence codes yet. Open the link from your AppSumo purchase to activate yours.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Licence activation attempts">
            {data.items.map((item) => {
              const copy = outcomeCopy[item.outcome];
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                  data-outcome={item.outcome}
                >
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-medium text-sm">
                      Code ending <span className="font-mono">{item.code_hint}</span>
                      {item.tier !== null && <span className="text-muted-foreground"> · Tier {item.tier}</span>}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time> · {copy.description}
                    </p>
                  </div>
                  <Badge variant={copy.variant}>{copy.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
