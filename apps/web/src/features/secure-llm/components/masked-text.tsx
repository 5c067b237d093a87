import type { MaskedSpan } from '@candor/contracts/governance';
import { Tooltip } from 'radix-ui';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { findTokens, splitByRanges } from '../lib/segments';
import { useEntityLabel } from './entity-labels';

export const maskedTooltip = (token: string) => `Masked as ${token} — the model never saw this value`;

/** A highlighted value with the tooltip that says what stood in for it; focusable, so keyboards reach it too. */
export function MaskedValue({
  children,
  label,
  tooltip,
  className,
}: {
  children: React.ReactNode;
  label: string;
  tooltip: string;
  className?: string;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <mark
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must open from the keyboard as well
          tabIndex={0}
          data-masked-type={label}
          className={cn(
            'cursor-help rounded-[3px] bg-primary/12 text-inherit underline decoration-primary/60 decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring/60 dark:bg-primary/20',
            className,
          )}
        >
          {children}
          {/* Read in place by screen readers; not selectable, so copying a message copies only the message. */}
          <span className="sr-only select-none"> ({tooltip})</span>
        </mark>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={4}
          className="z-50 max-w-xs rounded-md border bg-popover px-2.5 py-1.5 text-popover-foreground text-xs shadow-md data-[state=closed]:animate-out data-[state=delayed-open]:animate-in data-[state=closed]:fade-out-0 data-[state=delayed-open]:fade-in-0"
        >
          <span className="font-medium">{label}</span> · {tooltip}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** A message as the user reads it, each restored value marked with the pseudonym the model saw instead. */
export function MaskedText({ content, spans }: { content: string; spans: readonly MaskedSpan[] }) {
  const labelOf = useEntityLabel();
  const segments = useMemo(() => splitByRanges(content, spans), [content, spans]);
  return (
    <>
      {segments.map((segment) =>
        segment.range ? (
          <MaskedValue
            key={segment.start}
            label={labelOf(segment.range.type)}
            tooltip={maskedTooltip(segment.range.token)}
          >
            {segment.text}
          </MaskedValue>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** Exactly what the model saw (or wrote), with the pseudonyms marked. */
export function ModelView({ masked, spans }: { masked: string; spans: readonly MaskedSpan[] }) {
  const segments = useMemo(() => splitByRanges(masked, findTokens(masked, spans)), [masked, spans]);
  return (
    <>
      {segments.map((segment) =>
        segment.range ? (
          <span
            key={segment.start}
            className="rounded-[3px] bg-muted px-0.5 font-mono text-[0.85em] text-foreground ring-1 ring-border"
          >
            {segment.text}
          </span>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </>
  );
}
