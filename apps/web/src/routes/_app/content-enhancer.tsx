import { createFileRoute } from '@tanstack/react-router';
import { EnhancerPage } from '@/features/generation/components/enhancer-page';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/content-enhancer')({
  head: titleHead('Content Enhancer'),
  component: EnhancerPage,
});
