import { createFileRoute } from '@tanstack/react-router';
import { ApiDocsPage } from '@/features/api-keys/components/api-docs-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/api-agent-doc')({
  head: titleHead('API Agent Docs'),
  component: ApiDocsPage,
});
