import { useQuery } from '@tanstack/react-query';
import HistoryIcon from 'lucide-react/icons/history';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatDateTime } from '@/lib/format';
import { historyDetailQueryOptions } from '../api/history.queries';
import { serviceLabels } from '../service-meta';

/** Names the saved run a tool screen was opened with (?history_id=). */
export function SavedRunNotice({ historyId }: { historyId: string }) {
  const { data } = useQuery(historyDetailQueryOptions(historyId));
  if (!data) return null;
  return (
    <Alert variant="info">
      <HistoryIcon />
      <AlertTitle>Saved run: {data.item.title || 'Untitled run'}</AlertTitle>
      <AlertDescription>
        {serviceLabels[data.item.model_name]} · {formatDateTime(data.item.created_at)}
      </AlertDescription>
    </Alert>
  );
}
