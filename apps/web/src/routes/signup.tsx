import { createFileRoute, redirect } from '@tanstack/react-router';

// People type /signup; the screen is /auth/signup. Every search parameter goes along (redirect, code, referral_code…).
export const Route = createFileRoute('/signup')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/signup', search: true, replace: true });
  },
});
