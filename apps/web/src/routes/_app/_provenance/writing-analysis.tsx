import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { WritingAnalysisPage } from '@/features/writing-analysis/components/writing-analysis-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/_provenance/writing-analysis')({
  head: titleHead('Writing Analysis'),
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
  return <WritingAnalysisPage historyId={history_id} onShowRun={showRun} onLeaveRun={leaveRun} />;
}
