import { createFileRoute } from '@tanstack/react-router';
import { SignupForm } from '@/features/auth/components/signup-form';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/auth/signup')({
  head: titleHead('Sign up'),
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupForm search={Route.useSearch()} />;
}
