import { createFileRoute } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/document-redactor/')({
  head: titleHead('Document Redactor'),
  component: () => <ToolComingSoonPage tool={tools.documentRedactor} />,
});
