import { createFileRoute, redirect } from '@tanstack/react-router';
import { pickAuthSearch } from '@/features/auth/search';

export const Route = createFileRoute('/auth/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/auth/signin', search: pickAuthSearch(search), replace: true });
  },
});
