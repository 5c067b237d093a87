import { createFileRoute, redirect } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { redactorStore } from '@/features/document-redactor/store';
import { titleHead } from '@/lib/head';

/** Spec §2: needs a selected file, else back to /document-redactor. */
export const Route = createFileRoute('/_app/document-redactor/options')({
  beforeLoad: () => {
    if (!redactorStore.selectedFile()) throw redirect({ to: '/document-redactor', replace: true });
  },
  head: titleHead('Redaction Options'),
  component: () => <ToolComingSoonPage tool={tools.documentRedactor} title="Redaction options" />,
});
