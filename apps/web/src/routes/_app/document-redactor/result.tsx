import { createFileRoute, redirect } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { redactorStore } from '@/features/document-redactor/store';
import { titleHead } from '@/lib/head';

/** Spec §2: needs a redaction result, else back to /document-redactor. */
export const Route = createFileRoute('/_app/document-redactor/result')({
  beforeLoad: () => {
    if (redactorStore.result() == null) throw redirect({ to: '/document-redactor', replace: true });
  },
  head: titleHead('Redaction Result'),
  component: () => <ToolComingSoonPage tool={tools.documentRedactor} title="Redaction result" />,
});
