import { createFileRoute } from '@tanstack/react-router';
import { SignupForm } from '@/features/auth/components/signup-form';
import { titleHead } from '@/lib/head';
import { usePostLogin } from './-post-login';

export const Route = createFileRoute('/auth/signup')({
  head: titleHead('Sign up'),
  component: SignupRoute,
});

function SignupRoute() {
  const search = Route.useSearch();
  // A sign-up through an identity provider is a sign-in: the same after-login steps follow.
  const onSignedIn = usePostLogin(search);
  return <SignupForm search={search} onSignedIn={onSignedIn} />;
}
