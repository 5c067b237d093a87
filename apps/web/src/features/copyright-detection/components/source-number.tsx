import { cn } from '@/lib/utils';
import type { SourceEntry } from '../lib/report';

/** A source's number with its colour: how the text's markers, the list and the passages name one source. */
export function SourceNumber({ entry, className }: { entry: SourceEntry; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 shrink-0 items-center justify-center gap-1 rounded-full border bg-background px-1.5 font-sans font-semibold text-foreground text-xs tabular-nums leading-none',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', entry.colour.swatch)} />
      {entry.number}
    </span>
  );
}
