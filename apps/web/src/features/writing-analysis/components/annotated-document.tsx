import Undo2 from 'lucide-react/icons/undo-2';
import { useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { countByKind, issueKindMeta, issueKinds } from '../lib/issue-kinds';
import type { IssueKind, WritingIssue } from '../lib/report-types';
import { type DocumentSegment, segmentDocument } from '../lib/segments';
import type { AnnotatedDocument as AnnotatedDocumentState } from '../use-annotated-document';

const highlightLabel = (issue: WritingIssue) => `${issueKindMeta[issue.kind].singular}: ${issue.text}`;

function IssueDetails({
  issue,
  onApply,
  onDismiss,
}: {
  issue: WritingIssue;
  onApply: (replacement: string) => void;
  onDismiss: () => void;
}) {
  const meta = issueKindMeta[issue.kind];
  return (
    <div className="space-y-3 text-sm">
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', meta.swatch)} />
        <span className="font-medium">{meta.singular}</span>
      </div>
      <p>{issue.message}</p>
      {issue.suggestions.length > 0 ? (
        <div className="space-y-1.5">
          <p className="text-muted-foreground text-xs">Replace “{issue.text}” with:</p>
          <ul className="flex flex-wrap gap-1.5">
            {issue.suggestions.slice(0, 5).map((suggestion) => (
              <li key={suggestion}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onApply(suggestion)}
                  aria-label={suggestion ? `Apply “${suggestion}”` : `Apply: remove “${issue.text}”`}
                >
                  {suggestion || <em>remove it</em>}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-muted-foreground text-xs">No automatic fix: rewrite the passage yourself.</p>
      )}
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

interface AnnotatedDocumentProps {
  document: AnnotatedDocumentState;
}

/** The analysed text with its issues highlighted in place, a legend that filters them, and fixes in a popover. */
export function AnnotatedDocument({ document }: AnnotatedDocumentProps) {
  const [hiddenKinds, setHiddenKinds] = useState<ReadonlySet<IssueKind>>(new Set());
  const [openIssueId, setOpenIssueId] = useState<string | null>(null);
  const textRef = useRef<HTMLDivElement>(null);

  const counts = useMemo(() => countByKind(document.issues), [document.issues]);
  const shown = useMemo(
    () => document.issues.filter((issue) => !hiddenKinds.has(issue.kind)),
    [document.issues, hiddenKinds],
  );
  const { segments, covered } = useMemo(() => segmentDocument(document.text, shown), [document.text, shown]);

  const toggleKind = (kind: IssueKind) =>
    setHiddenKinds((kinds) => {
      const next = new Set(kinds);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });

  // The highlight that had focus is gone after a fix: keep the reader in the document instead of at the page top.
  const afterChange = () => {
    setOpenIssueId(null);
    textRef.current?.focus();
  };

  const renderSegment = (segment: DocumentSegment) => {
    const { issue } = segment;
    if (!issue) return <span key={segment.start}>{segment.text}</span>;
    const className = cn(
      'rounded-sm underline decoration-2 underline-offset-4 transition-colors',
      issueKindMeta[issue.kind].highlight,
    );
    if (!segment.first) {
      // The rest of an issue split by a nested one: clickable, but reached from the keyboard through its first piece.
      return (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the issue's first piece is its keyboard-focusable button
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        <span key={segment.start} className={cn(className, 'cursor-pointer')} onClick={() => setOpenIssueId(issue.id)}>
          {segment.text}
        </span>
      );
    }
    return (
      <Popover
        key={issue.id}
        open={openIssueId === issue.id}
        onOpenChange={(open) => setOpenIssueId(open ? issue.id : null)}
      >
        {/* A trigger, not an anchor: Radix gives focus back to the trigger when the popover closes. */}
        <PopoverTrigger asChild>
          <button
            type="button"
            aria-label={highlightLabel(issue)}
            className={cn(
              className,
              'inline cursor-pointer whitespace-pre-wrap text-start outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {segment.text}
          </button>
        </PopoverTrigger>
        <PopoverContent
          align="start"
          // Keeps the popover off the screen's edge on a phone.
          collisionPadding={12}
          aria-label={`${issueKindMeta[issue.kind].singular} issue`}
          className="w-80"
        >
          <IssueDetails
            issue={issue}
            onApply={(replacement) => {
              document.apply(issue, replacement);
              afterChange();
            }}
            onDismiss={() => {
              document.dismiss(issue);
              afterChange();
            }}
          />
        </PopoverContent>
      </Popover>
    );
  };

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Show or hide issues by kind</legend>
        {issueKinds.map((kind) => {
          const count = counts[kind];
          const visible = !hiddenKinds.has(kind);
          const meta = issueKindMeta[kind];
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={visible}
              title={meta.description}
              disabled={count === 0}
              onClick={() => toggleKind(kind)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
                visible ? 'bg-card enabled:hover:bg-accent' : 'bg-muted/50 text-muted-foreground line-through',
              )}
            >
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', meta.swatch, !visible && 'opacity-40')} />
              {meta.label}
              <Badge variant="secondary" className="px-1.5 py-0 tabular-nums">
                {count}
              </Badge>
            </button>
          );
        })}
      </fieldset>

      {document.lastChange && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
          <p aria-live="polite" className="min-w-0 truncate text-muted-foreground">
            {document.lastChange}
          </p>
          <Button size="sm" variant="outline" onClick={document.undo}>
            <Undo2 />
            Undo
          </Button>
        </div>
      )}

      <div
        ref={textRef}
        tabIndex={-1}
        aria-label="Analysed text"
        role="document"
        // Right-to-left text lays out from the right, as it was written.
        dir="auto"
        className="whitespace-pre-wrap break-words font-serif text-base leading-8 outline-none"
      >
        {segments.map(renderSegment)}
      </div>

      {covered.length > 0 && (
        <details className="rounded-md border px-3 py-2 text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            {covered.length} more {covered.length === 1 ? 'issue overlaps' : 'issues overlap'} highlighted passages
          </summary>
          <ul className="mt-2 space-y-2">
            {covered.map((issue) => (
              <li key={issue.id} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{issueKindMeta[issue.kind].singular}:</span>
                <span className="font-serif">“{issue.text}”</span>
                <span className="text-muted-foreground">{issue.message}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
