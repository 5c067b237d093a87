import { createFileRoute } from '@tanstack/react-router';
import PartyPopper from 'lucide-react/icons/party-popper';
import { ToolComingSoonPage } from '@/components/layout/coming-soon';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { tools } from '@/config/navigation';
import { SavedRunNotice } from '@/features/history/components/saved-run-notice';
import { titleHead } from '@/lib/head';
import { aiDetectorSearchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_app/_provenance/ai-detector')({
  validateSearch: aiDetectorSearchSchema,
  head: titleHead('AI Detector'),
  component: AiDetectorRoute,
});

function AiDetectorRoute() {
  const { history_id, appSumoGreeting } = Route.useSearch();
  return (
    <ToolComingSoonPage tool={tools.aiDetector}>
      {appSumoGreeting && (
        <Alert variant="success">
          <PartyPopper />
          <AlertTitle>Welcome to Candor!</AlertTitle>
          <AlertDescription>Thanks for joining through AppSumo. Your account is ready.</AlertDescription>
        </Alert>
      )}
      {history_id && <SavedRunNotice historyId={history_id} />}
    </ToolComingSoonPage>
  );
}
