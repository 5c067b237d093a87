import type { LicenceActivationResult } from '@candor/contracts';
import { Link, useRouteContext } from '@tanstack/react-router';
import PartyPopper from 'lucide-react/icons/party-popper';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatBalance } from '@/lib/format';
import {
  activateLicenceOnce,
  forgetPendingLicenceCode,
  pendingLicenceCode,
  useLicenceActivations,
} from '../api/licences';

/** `none`: no code was waiting (a reload, or the code was activated on /auth already). */
type Activation =
  | { state: 'none' }
  | { state: 'activating' }
  | { state: 'done'; result: LicenceActivationResult | null };

/**
 * The welcome of /ai-detector?appSumoGreeting=true (after login with a marketplace code). A code a signed-out
 * visitor brought is activated here, once; the banner names the licence tier the account now has.
 */
export function LicenceGreeting({ onDismiss }: { onDismiss: () => void }) {
  const { queryClient } = useRouteContext({ from: '__root__' });
  const [activation, setActivation] = useState<Activation>(() =>
    pendingLicenceCode() ? { state: 'activating' } : { state: 'none' },
  );
  const activations = useLicenceActivations();

  useEffect(() => {
    const code = pendingLicenceCode();
    if (!code) return;
    let live = true;
    activateLicenceOnce(code, queryClient).then((result) => {
      forgetPendingLicenceCode();
      if (live) setActivation({ state: 'done', result });
    });
    return () => {
      live = false;
    };
  }, [queryClient]);

  // The tier: from this activation, or else the latest successful one on record.
  const latest = activations.data?.items.find((item) => item.tier !== null);
  const result = activation.state === 'done' ? activation.result : null;
  const tier = result?.tier ?? latest?.tier ?? null;
  const failed = activation.state === 'done' && !result;
  // Without a code brought here or a licence on record the address was opened by hand: there is no one to welcome.
  if (activation.state === 'none' && tier === null) return null;

  return (
    <Alert variant="success" className="pr-12" aria-live="polite" data-testid="licence-greeting">
      <PartyPopper />
      <AlertTitle>Welcome to Candor!</AlertTitle>
      <AlertDescription>
        {activation.state === 'activating' ? (
          <span className="inline-flex items-center gap-2">
            <Spinner /> Activating your AppSumo licence…
          </span>
        ) : tier !== null ? (
          <span>
            Thanks for joining through AppSumo. Your licence is active:{' '}
            <strong className="text-foreground">Licence Tier {tier}</strong>
            {result ? ` (${formatBalance(result.plan.tokens)} tokens)` : ''}.
          </span>
        ) : (
          <span>Thanks for joining through AppSumo. Your account is ready.</span>
        )}
        {failed && (
          <span className="mt-1 block">
            Your licence code could not be activated.{' '}
            <Link to="/account" search={{ tab: 'subscription' }} className="font-medium underline underline-offset-4">
              See the details in your subscription
            </Link>
            .
          </span>
        )}
      </AlertDescription>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2 size-8"
        aria-label="Dismiss the welcome message"
        onClick={onDismiss}
      >
        <X />
      </Button>
    </Alert>
  );
}
