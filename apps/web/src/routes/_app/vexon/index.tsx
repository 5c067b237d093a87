import { createFileRoute } from '@tanstack/react-router';
import { VoiceUploadPage } from '@/features/vexon/components/upload-page';
import { deepfakeStore } from '@/features/vexon/store';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/vexon/')({
  head: titleHead('Deepfake Audio Detection'),
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return (
    <VoiceUploadPage
      onResult={(run) => {
        deepfakeStore.set(run);
        void navigate({ to: '/vexon/result' });
      }}
    />
  );
}
