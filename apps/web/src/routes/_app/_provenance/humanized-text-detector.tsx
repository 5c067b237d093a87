import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { HumanizedDetectionPage } from '@/features/humanized-detection/components/humanized-detection-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/_provenance/humanized-text-detector')({
  head: titleHead('Humanized Text Detector'),
  component: RouteComponent,
});

function RouteComponent() {
  const { history_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const showRun = useCallback(
    (historyId: string) => navigate({ search: { history_id: historyId }, replace: true }),
    [navigate],
  );
  const leaveRun = useCallback(() => navigate({ search: {} }), [navigate]);
  return <HumanizedDetectionPage historyId={history_id} onShowRun={showRun} onLeaveRun={leaveRun} />;
}
