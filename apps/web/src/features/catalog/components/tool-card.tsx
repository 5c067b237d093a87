import { Link } from '@tanstack/react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Badge } from '@/components/ui/badge';
import { type Tool, toolLabel } from '@/config/navigation';
import { useProductAvailability } from '@/lib/products';
import { cn } from '@/lib/utils';

/**
 * One catalogue entry: a link to the tool when the server offers it, else a card that says it is coming and leads
 * nowhere. While availability is unknown (loading, or the server could not say) the card links, and the tool's own
 * screen stays honest.
 */
export function ToolCard({ tool, available }: { tool: Tool; available: boolean | undefined }) {
  const offered = available !== false && tool.to !== undefined;
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            'inline-flex size-10 items-center justify-center rounded-lg',
            offered ? 'bg-accent text-accent-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          <tool.icon className="size-5" aria-hidden="true" />
        </span>
        {!offered ? (
          <Badge variant="outline">Coming soon</Badge>
        ) : tool.badge ? (
          <Badge variant="soft">{tool.badge}</Badge>
        ) : null}
      </div>
      <div className="space-y-1">
        <h3 className="font-semibold">{toolLabel(tool)}</h3>
        <p className="text-muted-foreground text-sm leading-relaxed">{tool.description}</p>
      </div>
      {offered && (
        <span className="mt-auto inline-flex items-center gap-1 font-medium text-primary text-sm">
          Open
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </span>
      )}
    </>
  );
  const classes =
    'group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-all';
  if (!offered || !tool.to) {
    return (
      <div aria-disabled="true" className={cn(classes, 'opacity-70')}>
        {body}
      </div>
    );
  }
  return (
    <Link
      to={tool.to}
      className={cn(
        classes,
        'outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {body}
    </Link>
  );
}

export function ToolGrid({ tools }: { tools: Tool[] }) {
  const isAvailable = useProductAvailability();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {tools.map((tool) => (
        <li key={tool.product}>
          <ToolCard tool={tool} available={isAvailable(tool.product)} />
        </li>
      ))}
    </ul>
  );
}
