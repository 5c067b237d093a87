import { createFileRoute } from '@tanstack/react-router';
import BookOpen from 'lucide-react/icons/book-open';
import { ComingSoonPage } from '@/components/layout/coming-soon';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/api-agent-doc-new')({
  head: titleHead('API Agent Docs (New)'),
  component: () => (
    <ComingSoonPage
      title="API Agent Docs (New)"
      description="Call every Candor tool from your own code with an API key."
      icon={BookOpen}
    />
  ),
});
