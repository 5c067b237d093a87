import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { forgotPasswordSearchSchema } from '@/features/auth/search';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: forgotPasswordSearchSchema,
  head: titleHead('Forgot password'),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  return <ForgotPasswordForm search={Route.useSearch()} />;
}
