import { createFileRoute } from '@tanstack/react-router';
import { WriterResultPage } from '@/features/generation/components/writer-result-page';
import { titleHead } from '@/lib/head';
import { historyIdSearchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_app/stealth-ai-writer/result')({
  validateSearch: historyIdSearchSchema,
  head: titleHead('Stealth AI Writer Result'),
  component: StealthResultRoute,
});

function StealthResultRoute() {
  const { history_id } = Route.useSearch();
  return <WriterResultPage historyId={history_id} />;
}
