import CircleAlert from 'lucide-react/icons/circle-alert';
import PackagePlus from 'lucide-react/icons/package-plus';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatPrice, formatTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePacketCheckout } from '../api/checkout.api';
import { useTokenPackets } from '../api/payments.queries';

/** Token packets on top of the plan; `buyMoreTokens` in the URL brings this card into view and focus. */
export function BuyTokensCard({ spotlight }: { spotlight: boolean }) {
  const packets = useTokenPackets();
  const checkout = usePacketCheckout();
  const card = useRef<HTMLDivElement>(null);
  const ready = !packets.isPending;
  useEffect(() => {
    if (!spotlight || !ready || !card.current) return;
    card.current.scrollIntoView({ behavior: 'smooth', block: 'center' });
    card.current.focus({ preventScroll: true });
  }, [spotlight, ready]);
  return (
    <Card
      ref={card}
      id="buy-more-tokens"
      tabIndex={-1}
      role="region"
      aria-labelledby="buy-more-tokens-title"
      data-spotlight={spotlight || undefined}
      className={cn('scroll-mt-24 outline-none', spotlight && 'border-primary shadow-md ring-2 ring-primary/30')}
    >
      <CardHeader>
        <CardTitle id="buy-more-tokens-title" className="flex items-center gap-2">
          <PackagePlus className="size-5 text-primary" aria-hidden="true" />
          Buy more tokens
        </CardTitle>
        <CardDescription>
          One-off token packets on top of your plan. Purchased tokens never expire and are spent after your plan and
          referral tokens.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {packets.isPending ? (
          <div className="grid gap-3 sm:grid-cols-3" role="status" aria-label="Loading token packets">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-32 rounded-lg" />
            ))}
          </div>
        ) : packets.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Token packets could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(packets.error)}</AlertDescription>
          </Alert>
        ) : packets.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No token packets are on sale right now.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Token packets">
            {packets.data.map((packet) => {
              const buying = checkout.variables?.packetId === packet.id && (checkout.isPending || checkout.isSuccess);
              const failed = checkout.variables?.packetId === packet.id && checkout.error;
              return (
                <li key={packet.id} className="flex flex-col gap-3 rounded-lg border bg-background/50 p-4">
                  <div>
                    <p className="font-semibold text-2xl tabular-nums tracking-tight">{formatTokens(packet.tokens)}</p>
                    <p className="text-muted-foreground text-xs">tokens, never expire</p>
                  </div>
                  <p className="font-medium">{formatPrice(packet.price_cents, packet.currency)}</p>
                  <Button
                    className="mt-auto"
                    onClick={() => checkout.mutate({ packetId: packet.id })}
                    disabled={checkout.isPending || checkout.isSuccess}
                    aria-busy={buying}
                  >
                    {buying && <Spinner />}
                    {`Buy ${packet.name}`}
                  </Button>
                  {failed ? (
                    <p role="alert" className="text-destructive text-xs">
                      {getErrorMessage(checkout.error)}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
