import { createFileRoute, Navigate } from '@tanstack/react-router';
import { OptionsPage } from '@/features/document-redactor/components/options-page';
import { chooseAnotherDocument } from '@/features/document-redactor/lib/choose-another';
import { requireDocument } from '@/features/document-redactor/lib/guards';
import { redactorStore } from '@/features/document-redactor/store';
import { titleHead } from '@/lib/head';

/** Spec §2: needs a selected file, else back to /document-redactor. */
export const Route = createFileRoute('/_app/document-redactor/options')({
  beforeLoad: requireDocument,
  head: titleHead('Redaction Options'),
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  const document = redactorStore.document();
  if (!document) return <Navigate to="/document-redactor" replace />;
  return (
    <OptionsPage
      document={document}
      onDone={(historyId) => void navigate({ to: '/document-redactor/result', search: { history_id: historyId } })}
      onChooseAnother={() =>
        chooseAnotherDocument({
          toUpload: () => void navigate({ to: '/document-redactor' }),
          backTo: () => void navigate({ to: '/document-redactor/options' }),
        })
      }
    />
  );
}
