import { formatPercent } from '@candor/engine-writing/percent';
import ExternalLink from 'lucide-react/icons/external-link';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { earlierRun, type SourceEntry } from '../lib/report';
import { sourceKindMeta } from '../lib/source-meta';
import { SourceNumber } from './source-number';

const number = (value: number) => value.toLocaleString('en-US');
const passageCount = (count: number) => `${number(count)} ${count === 1 ? 'passage' : 'passages'}`;

/** The host a URL source lives on, for the line under its title. */
function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

interface SourceListProps {
  entries: readonly SourceEntry[];
  /** The source the passages are filtered to, or null for all. */
  selected: string | null;
  onSelect: (sourceId: string | null) => void;
}

/**
 * The compared sources, most similar first, each with a bar as long as its share of the text. A source with
 * passages is a toggle that shows only its passages; a web page also links to the page (in a new tab).
 */
export function SourceList({ entries, selected, onSelect }: SourceListProps) {
  if (entries.length === 0) {
    return <p className="text-muted-foreground text-sm">No source had a passage in common with the text.</p>;
  }
  return (
    <div className="space-y-2">
      {entries.some((entry) => entry.passages > 0) && (
        <p className="text-muted-foreground text-xs" data-print-hide>
          Select a source to see only its passages.
        </p>
      )}
      <ul className="space-y-2" aria-label="Sources compared">
        {entries.map((entry) => {
          const { source } = entry;
          const meta = sourceKindMeta[source.kind];
          const Icon = meta.icon;
          const percent = formatPercent(source.similarity);
          const details = [meta.label, source.url && host(source.url), passageCount(entry.passages)].filter(Boolean);
          const run = earlierRun(source);
          // The button is named by what it shows, in order, with words for the numbers (WCAG 2.5.3, label in name);
          // the spaces between the pieces only separate them in that name.
          const content = (
            <>
              <span className="flex items-center gap-2">
                <span className="sr-only">Source</span> <SourceNumber entry={entry} />{' '}
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate font-medium">{source.title}</span>{' '}
                <span className="shrink-0 font-semibold tabular-nums">
                  {percent} <span className="sr-only">of the text</span>
                </span>
              </span>{' '}
              <span className="block h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className={cn('block h-full rounded-full', entry.colour.swatch)}
                  style={{ width: source.similarity > 0 ? `${Math.max(2, source.similarity * 100)}%` : 0 }}
                />
              </span>
              <span className="block truncate text-muted-foreground text-xs">{details.join(' · ')}</span>{' '}
              {run && (
                <span className="block text-muted-foreground text-xs">
                  <span className="sr-only">from</span> {run}
                </span>
              )}
            </>
          );
          const pressed = selected === source.source_id;
          return (
            <li key={source.source_id} className="flex items-start gap-1">
              {entry.passages > 0 ? (
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onSelect(pressed ? null : source.source_id)}
                  className={cn(
                    'min-w-0 flex-1 space-y-1.5 rounded-md border p-2 text-left text-sm outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    pressed && 'border-primary bg-accent',
                  )}
                >
                  {content}
                </button>
              ) : (
                <div className="min-w-0 flex-1 space-y-1.5 rounded-md border border-dashed p-2 text-sm">{content}</div>
              )}
              {source.url && (
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${source.title} in a new tab`}
                  title={source.url}
                  className={cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'mt-1')}
                  data-print-hide
                >
                  <ExternalLink />
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
