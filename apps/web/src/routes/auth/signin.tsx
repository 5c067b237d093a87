import { createFileRoute } from '@tanstack/react-router';
import { SigninForm } from '@/features/auth/components/signin-form';
import { titleHead } from '@/lib/head';
import { usePostLogin } from './-post-login';

export const Route = createFileRoute('/auth/signin')({
  head: titleHead('Sign in'),
  component: SigninRoute,
});

function SigninRoute() {
  const search = Route.useSearch();
  const onSignedIn = usePostLogin(search);
  return <SigninForm search={search} onSignedIn={onSignedIn} />;
}
