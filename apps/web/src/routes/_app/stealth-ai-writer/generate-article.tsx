import { createFileRoute } from '@tanstack/react-router';
import { WriterGeneratePage } from '@/features/generation/components/writer-generate-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/stealth-ai-writer/generate-article')({
  head: titleHead('Generate Article'),
  component: WriterGeneratePage,
});
