import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { readRedactionRun } from '@/features/document-redactor/api/redaction-run';
import { ResultPage } from '@/features/document-redactor/components/result-page';
import { chooseAnotherDocument } from '@/features/document-redactor/lib/choose-another';
import { requireResult } from '@/features/document-redactor/lib/guards';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { titleHead } from '@/lib/head';
import { historyIdSearchSchema } from '@/lib/search-params';

/** Spec §2: needs a redaction result (this tab's, or a stored run at ?history_id=), else back to /document-redactor. */
export const Route = createFileRoute('/_app/document-redactor/result')({
  validateSearch: historyIdSearchSchema,
  beforeLoad: ({ search }) => requireResult(search.history_id),
  head: titleHead('Redaction Result'),
  component: RouteComponent,
});

function RouteComponent() {
  const { history_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const detail = useQuery({ ...historyDetailQueryOptions(history_id ?? ''), enabled: Boolean(history_id) });
  // The guard has made sure of the id; an unknown one, or another tool's run, goes back to the upload step.
  if (!history_id || (detail.isSuccess && (!detail.data || !readRedactionRun(detail.data)))) {
    return <Navigate to="/document-redactor" replace />;
  }
  return (
    <ResultPage
      historyId={history_id}
      onRedactAnother={() =>
        chooseAnotherDocument({
          toUpload: () => void navigate({ to: '/document-redactor' }),
          backTo: () => void navigate({ to: '/document-redactor/result', search: { history_id } }),
        })
      }
      onAdjust={() => void navigate({ to: '/document-redactor/options' })}
    />
  );
}
