import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConsent } from '@/features/consent/consent';
import { api } from '@/lib/api-client';
import { installPreloadErrorReload } from '@/lib/chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { sessionKeys } from '@/lib/session';
import { createAppRouter } from './router';
import './styles.css';

installPreloadErrorReload();
initConsent();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A refused refresh ends a session the app believed alive: forget it and let the guards send the user to sign-in.
api.onSessionExpired(() => {
  if (!queryClient.getQueryData(sessionKeys.user())) return;
  router.options.context.auth.clearSession();
  void router.invalidate();
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
