import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AiDetectionPage } from '@/features/ai-detection/components/ai-detection-page';
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
  // The welcome greets the arrival; a run or its report moves on from it, so it does not come back with them.
  const showRun = useCallback(
    (historyId: string) =>
      navigate({ search: (prev) => ({ ...prev, history_id: historyId, appSumoGreeting: undefined }), replace: true }),
    [navigate],
  );
  const leaveRun = useCallback(
    () => navigate({ search: (prev) => ({ ...prev, history_id: undefined, appSumoGreeting: undefined }) }),
    [navigate],
  );
  return (
    <AiDetectionPage historyId={history_id} onShowRun={showRun} onLeaveRun={leaveRun}>
      {appSumoGreeting && (
        <LicenceGreeting
          onDismiss={() =>
            navigate({ search: (prev) => ({ ...prev, appSumoGreeting: undefined }), replace: true, resetScroll: false })
          }
        />
      )}
    </AiDetectionPage>
  );
}
