import { createFileRoute, redirect } from '@tanstack/react-router';

// People type /signin; the screen is /auth/signin. Every search parameter goes along (redirect, code, referral_code…).
export const Route = createFileRoute('/signin')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/signin', search: true, replace: true });
  },
});
