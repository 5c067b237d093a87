import { createFileRoute } from '@tanstack/react-router';
import { ApiQuickstartPage } from '@/features/api-keys/components/api-quickstart-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/api-agent-doc-new')({
  head: titleHead('API Agent Docs (New)'),
  component: ApiQuickstartPage,
});
