import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { OidcCallback } from '@/features/auth/components/oidc-callback';
import { readOidcCallback } from '@/features/auth/oidc/callback';
import { titleHead } from '@/lib/head';
import { usePostLogin } from './-post-login';

export const Route = createFileRoute('/auth/oidc-callback')({
  head: titleHead('Signing in'),
  component: OidcCallbackRoute,
});

function OidcCallbackRoute() {
  // The /auth params (redirect, buyPlanId, code…) travelled in session storage with the state.
  const [callback] = useState(() => readOidcCallback());
  const onSignedIn = usePostLogin(callback.pending?.search ?? {});
  return <OidcCallback callback={callback} onSignedIn={onSignedIn} />;
}
