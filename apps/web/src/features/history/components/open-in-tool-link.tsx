import type { HistoryItem } from '@candor/contracts';
import { Link } from '@tanstack/react-router';
import ExternalLink from 'lucide-react/icons/external-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { serviceLabels, serviceTools } from '../service-meta';

const titleOf = (item: HistoryItem) => item.title || 'Untitled run';

/**
 * A run's title, as the link that reopens the run in its tool (`?history_id=`); plain text where the tool cannot
 * reopen a run. The hidden words make the link's name say where it goes, and the visible title stays part of it.
 */
export function RunTitleLink({ item, className }: { item: HistoryItem; className?: string }) {
  const tool = serviceTools[item.model_name];
  if (!tool.withHistory) return <span className={className}>{titleOf(item)}</span>;
  return (
    <Link
      to={tool.to as never}
      search={{ history_id: item.history_id } as never}
      className={cn(
        // A faint underline says it is a link before the pointer finds it (the icon that opened runs is gone).
        // Relative, so its hidden words sit inside it: after a long title cut by `truncate` they would otherwise
        // widen a phone's page.
        'relative rounded-sm underline decoration-border underline-offset-4 outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {/* The spaces sit outside the hidden words: a name computed from each element's trimmed text would lose them. */}
      <span className="sr-only">Open</span> {titleOf(item)}{' '}
      <span className="sr-only">in {serviceLabels[item.model_name]}</span>
    </Link>
  );
}

/** The icon link to the tool of a run it cannot reopen; a run it can reopen is opened by its title. */
export function OpenToolLink({ item }: { item: HistoryItem }) {
  const tool = serviceTools[item.model_name];
  if (tool.withHistory) return null;
  return (
    <Button asChild variant="ghost" size="icon-sm" className="text-muted-foreground">
      <Link to={tool.to as never} aria-label={`Open ${serviceLabels[item.model_name]}`} title="Open the tool">
        <ExternalLink aria-hidden="true" />
      </Link>
    </Button>
  );
}
