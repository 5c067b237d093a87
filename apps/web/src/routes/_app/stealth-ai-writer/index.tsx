import { createFileRoute } from '@tanstack/react-router';
import { WriterBriefPage } from '@/features/generation/components/writer-brief-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/stealth-ai-writer/')({
  head: titleHead('Stealth AI Writer'),
  component: WriterBriefPage,
});
