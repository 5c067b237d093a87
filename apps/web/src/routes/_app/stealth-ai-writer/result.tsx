import { createFileRoute } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { SavedRunNotice } from '@/features/history/components/saved-run-notice';
import { titleHead } from '@/lib/head';
import { historyIdSearchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_app/stealth-ai-writer/result')({
  validateSearch: historyIdSearchSchema,
  head: titleHead('Stealth AI Writer Result'),
  component: StealthResultRoute,
});

function StealthResultRoute() {
  const { history_id } = Route.useSearch();
  return (
    <ToolComingSoonPage tool={tools.stealthAiWriter} title="Generated article">
      {history_id && <SavedRunNotice historyId={history_id} />}
    </ToolComingSoonPage>
  );
}
