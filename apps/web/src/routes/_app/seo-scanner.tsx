import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { storedScanQueryOptions } from '@/features/seo-scanner/api/site-scans';
import { SeoScannerPage } from '@/features/seo-scanner/components/seo-scanner-page';
import { titleHead } from '@/lib/head';
import { historyIdSearchSchema } from '@/lib/search-params';
import { hrefWithout } from '@/lib/url';

export const Route = createFileRoute('/_app/seo-scanner')({
  head: titleHead('SEO Scanner'),
  validateSearch: historyIdSearchSchema,
  // An unknown history_id, or another tool's, is dropped by a redirect (spec §8).
  beforeLoad: async ({ context, search, location }) => {
    if (!search.history_id) return;
    const stored = await context.queryClient.ensureQueryData(storedScanQueryOptions(search.history_id));
    if (!stored) throw redirect({ href: hrefWithout(location, ['history_id']), replace: true });
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { history_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const showRun = useCallback(
    (historyId: string) => navigate({ search: { history_id: historyId }, replace: false }),
    [navigate],
  );
  const leaveRun = useCallback(() => navigate({ search: {} }), [navigate]);
  return <SeoScannerPage historyId={history_id} onShowRun={showRun} onLeaveRun={leaveRun} />;
}
