import { createFileRoute } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/stealth-ai-writer/')({
  head: titleHead('Stealth AI Writer'),
  component: () => <ToolComingSoonPage tool={tools.stealthAiWriter} />,
});
