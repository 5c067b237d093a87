import { createFileRoute } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { SavedRunNotice } from '@/features/history/components/saved-run-notice';
import { LicenceGreeting } from '@/features/licences/components/licence-greeting';
import { titleHead } from '@/lib/head';
import { aiDetectorSearchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_app/_provenance/ai-detector')({
  validateSearch: aiDetectorSearchSchema,
  head: titleHead('AI Detector'),
  component: AiDetectorRoute,
});

function AiDetectorRoute() {
  const { history_id, appSumoGreeting } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ToolComingSoonPage tool={tools.aiDetector}>
      {appSumoGreeting && (
        <LicenceGreeting
          onDismiss={() =>
            navigate({ search: (prev) => ({ ...prev, appSumoGreeting: undefined }), replace: true, resetScroll: false })
          }
        />
      )}
      {history_id && <SavedRunNotice historyId={history_id} />}
    </ToolComingSoonPage>
  );
}
