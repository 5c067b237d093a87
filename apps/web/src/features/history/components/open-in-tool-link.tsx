import type { HistoryItem } from '@candor/contracts';
import { Link } from '@tanstack/react-router';
import ExternalLink from 'lucide-react/icons/external-link';
import { Button } from '@/components/ui/button';
import { serviceLabels, serviceTools } from '../service-meta';

/** The icon button that reopens a run in its tool (`?history_id=` where the tool supports it). */
export function OpenLink({ item }: { item: HistoryItem }) {
  const tool = serviceTools[item.model_name];
  const title = item.title || 'Untitled run';
  return (
    <Button asChild variant="ghost" size="icon-sm" className="text-muted-foreground">
      <Link
        to={tool.to as never}
        search={(tool.withHistory ? { history_id: item.history_id } : {}) as never}
        aria-label={
          tool.withHistory
            ? `Open ${title} in ${serviceLabels[item.model_name]}`
            : `Open ${serviceLabels[item.model_name]}`
        }
        title="Open in tool"
      >
        <ExternalLink aria-hidden="true" />
      </Link>
    </Button>
  );
}
