import { createFileRoute, redirect } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { SavedRunNotice } from '@/features/history/components/saved-run-notice';
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
  const { history_id } = Route.useSearch();
  return (
    <ToolComingSoonPage tool={tools.aiHumanizer}>
      {history_id && <SavedRunNotice historyId={history_id} />}
    </ToolComingSoonPage>
  );
}
