import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { HumanizerPage } from '@/features/generation/components/humanizer-page';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { titleHead } from '@/lib/head';
import { contentHumanizerSearchSchema } from '@/lib/search-params';
import { hrefWithout } from '@/lib/url';

/** Spec §2: a history_id must name a HUMANIZER run; otherwise it is dropped by a redirect. */
export const Route = createFileRoute('/_app/content-humanizer')({
  validateSearch: contentHumanizerSearchSchema,
  beforeLoad: async ({ context, search, location }) => {
    if (!search.history_id) return;
    const detail = await context.queryClient.ensureQueryData(historyDetailQueryOptions(search.history_id));
    if (detail?.item.model_name !== 'HUMANIZER') {
      throw redirect({ href: hrefWithout(location, ['history_id']), replace: true });
    }
  },
  head: titleHead('AI Humanizer'),
  component: ContentHumanizerRoute,
});

function ContentHumanizerRoute() {
  const { history_id, submitSaved } = Route.useSearch();
  const navigate = Route.useNavigate();
  const showRun = useCallback(
    (historyId: string) => navigate({ search: { history_id: historyId }, replace: true }),
    [navigate],
  );
  const leaveRun = useCallback(() => navigate({ search: {} }), [navigate]);
  const submitted = useCallback(
    () => navigate({ search: (previous) => ({ ...previous, submitSaved: undefined }), replace: true }),
    [navigate],
  );
  return (
    <HumanizerPage
      historyId={history_id}
      onShowRun={showRun}
      onLeaveRun={leaveRun}
      submitSaved={submitSaved === true && !history_id}
      onSubmitSavedHandled={submitted}
    />
  );
}
