import { createFileRoute } from '@tanstack/react-router';
import { UploadPage } from '@/features/document-redactor/components/upload-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/document-redactor/')({
  head: titleHead('Document Redactor'),
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return (
    <UploadPage
      onAnalysed={() => void navigate({ to: '/document-redactor/options' })}
      onShowRun={(historyId) => void navigate({ to: '/document-redactor/result', search: { history_id: historyId } })}
    />
  );
}
