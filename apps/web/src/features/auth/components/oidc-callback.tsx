import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { type OidcCallback as Callback, completeOidcSignin } from '../oidc/callback';
import { pickAuthSearch } from '../search';
import { AuthHeading } from './auth-layout';

/** /auth/oidc-callback: finishes a redirect sign-in, then hands over to the usual after-login steps. */
export function OidcCallback({ callback, onSignedIn }: { callback: Callback; onSignedIn: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const after = useRef(onSignedIn);
  after.current = onSignedIn;

  useEffect(() => {
    let live = true;
    completeOidcSignin(callback)
      .then(() => (live ? after.current() : undefined))
      .catch((e: unknown) => {
        if (live) setError(getErrorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [callback]);

  if (error) {
    return (
      <>
        <AuthHeading title="Sign-in failed" description="We could not sign you in with your identity provider." />
        <div className="grid gap-5">
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/signin" search={pickAuthSearch(callback.pending?.search ?? {})}>
              Back to sign in
            </Link>
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <AuthHeading title="Signing you in…" description="Checking the answer from your identity provider." />
      <div className="flex justify-center py-6" role="status" aria-live="polite">
        <Spinner className="size-6" />
        <span className="sr-only">Signing you in</span>
      </div>
    </>
  );
}
