import { createFileRoute, redirect } from '@tanstack/react-router';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { tools } from '@/config/navigation';
import { deepfakeStore } from '@/features/vexon/store';
import { titleHead } from '@/lib/head';

/** Spec §2: needs the in-memory detection result and its audio, else back to /vexon. */
export const Route = createFileRoute('/_app/vexon/result')({
  beforeLoad: () => {
    if (!deepfakeStore.hasResult()) throw redirect({ to: '/vexon', replace: true });
  },
  head: titleHead('Deepfake Audio Detection Result'),
  component: () => <ToolComingSoonPage tool={tools.deepfakeAudio} title="Deepfake audio result" />,
});
