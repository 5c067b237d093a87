import { createFileRoute } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { SavedRunNotice } from '@/features/history/components/saved-run-notice';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/_provenance/writing-analysis')({
  head: titleHead('Writing Analysis'),
  component: RouteComponent,
});

function RouteComponent() {
  const { history_id } = Route.useSearch();
  return (
    <ToolComingSoonPage tool={tools.writingAnalysis}>
      {history_id && <SavedRunNotice historyId={history_id} />}
    </ToolComingSoonPage>
  );
}
