import { createFileRoute } from '@tanstack/react-router';
import { VerifyAccountForm } from '@/features/auth/components/verify-account-form';
import { verifyAccountSearchSchema } from '@/features/auth/search';
import { titleHead } from '@/lib/head';
import { usePostLogin } from './-post-login';

export const Route = createFileRoute('/auth/verify-account')({
  validateSearch: verifyAccountSearchSchema,
  head: titleHead('Verify account'),
  component: VerifyAccountRoute,
});

function VerifyAccountRoute() {
  const search = Route.useSearch();
  const onSignedIn = usePostLogin(search);
  return <VerifyAccountForm key={search.email ?? ''} search={search} onSignedIn={onSignedIn} />;
}
