import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { Spinner } from '@/components/ui/spinner';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { fetchKeptRecording, readVoiceRun } from '@/features/vexon/api/voice-run';
import { VoiceResultPage } from '@/features/vexon/components/result-page';
import { deepfakeStore } from '@/features/vexon/store';
import { titleHead } from '@/lib/head';
import { historyIdSearchSchema } from '@/lib/search-params';

/**
 * Spec §2: needs the in-memory detection result and its audio, else back to /vexon; a stored run reopens from History
 * at ?history_id= (its scores always, its recording when the user kept it).
 */
export const Route = createFileRoute('/_app/vexon/result')({
  validateSearch: historyIdSearchSchema,
  beforeLoad: ({ search }) => {
    if (!search.history_id && !deepfakeStore.hasResult()) throw redirect({ to: '/vexon', replace: true });
  },
  head: titleHead('Deepfake Audio Detection Result'),
  component: RouteComponent,
});

function RouteComponent() {
  const { history_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const checkAnother = () => {
    deepfakeStore.clear();
    void navigate({ to: '/vexon' });
  };
  const inMemory = deepfakeStore.get();
  if (!history_id || inMemory?.historyId === history_id) {
    if (!inMemory) return <Navigate to="/vexon" replace />;
    return (
      <VoiceResultPage
        result={inMemory.result}
        audio={inMemory.audio}
        historyId={inMemory.historyId}
        fileName={inMemory.fileName}
        onCheckAnother={checkAnother}
      />
    );
  }
  return <StoredRun historyId={history_id} onCheckAnother={checkAnother} />;
}

function StoredRun({ historyId, onCheckAnother }: { historyId: string; onCheckAnother: () => void }) {
  const detail = useQuery(historyDetailQueryOptions(historyId));
  const run = detail.data ? readVoiceRun(detail.data) : null;
  const recording = useQuery({
    queryKey: ['voice-recording', historyId],
    queryFn: () => fetchKeptRecording(historyId),
    enabled: run?.keptAudio === true,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // An unknown id, or another tool's run, goes back to the upload screen.
  if (detail.isSuccess && !run) return <Navigate to="/vexon" replace />;
  if (!run || (run.keptAudio && recording.isPending)) {
    return (
      <div className="flex justify-center py-16" role="status">
        <Spinner className="size-6" />
        <span className="sr-only">Loading the result…</span>
      </div>
    );
  }
  return (
    <VoiceResultPage
      result={run.result}
      audio={recording.data ?? null}
      historyId={historyId}
      fileName={run.fileName}
      onCheckAnother={onCheckAnother}
    />
  );
}
