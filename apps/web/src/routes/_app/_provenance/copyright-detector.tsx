import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CopyrightDetectionPage } from '@/features/copyright-detection/components/copyright-detection-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/_provenance/copyright-detector')({
  head: titleHead('Copyright Detector'),
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
  return <CopyrightDetectionPage historyId={history_id} onShowRun={showRun} onLeaveRun={leaveRun} />;
}
