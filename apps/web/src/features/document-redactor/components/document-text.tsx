import Eraser from 'lucide-react/icons/eraser';
import { Fragment, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { excerpt } from '../lib/document-meta';
import { segmentText, type TextRange } from '../lib/ranges';
import { rangeToOffsets, TEXT_BASE_ATTRIBUTE, trimRange } from '../lib/text-offsets';

/** A marked stretch of the text. Where highlights overlap, the first in the list is drawn. */
export interface Highlight extends TextRange {
  className: string;
  /** Said on hover: "Email address · will be redacted". */
  label: string;
  /** Lets "Show in the document" move focus here. */
  id?: string;
  /** Clicking the highlight (not selecting across it) toggles it. */
  onActivate?: () => void;
}

interface DocumentTextProps {
  text: string;
  /** The pages' parts of the text; the text is one block without them. */
  pages?: readonly { number: number; start: number; end: number }[];
  highlights: readonly Highlight[];
  /** The document's accessible name. */
  label: string;
  /** Makes the text selectable for redaction: a selection gets a "Redact selection" button. */
  onRedactSelection?: (range: TextRange) => void;
  className?: string;
}

interface Block extends TextRange {
  page: number | null;
}

/** Page blocks covering the text; text between pages (a form feed) is left out unless it has words. */
function blocksOf(text: string, pages: DocumentTextProps['pages']): Block[] {
  if (!pages || pages.length === 0) return [{ start: 0, end: text.length, page: null }];
  const blocks: Block[] = [];
  let at = 0;
  for (const page of [...pages].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(page.start, text.length));
    const end = Math.max(start, Math.min(page.end, text.length));
    if (start > at && text.slice(at, start).trim()) blocks.push({ start: at, end: start, page: null });
    blocks.push({ start, end, page: page.number });
    at = end;
  }
  if (at < text.length && text.slice(at).trim()) blocks.push({ start: at, end: text.length, page: null });
  return blocks;
}

/**
 * The document's text with its findings marked, page by page. With `onRedactSelection`, selecting text offers
 * "Redact selection" beside the selection and in the toolbar (reachable by keyboard); the text's offsets are read
 * from the DOM, so what is redacted is exactly what was selected.
 */
export function DocumentText({ text, pages, highlights, label, onRedactSelection, className }: DocumentTextProps) {
  const blocks = useMemo(() => blocksOf(text, pages), [text, pages]);
  const root = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<TextRange | null>(null);
  // The button beside the selection; dismissed by a click elsewhere while the toolbar's button stays usable.
  const [floating, setFloating] = useState(false);
  const selected = useRef<Range | null>(null);
  // Follows the live selection, so the button stays beside it through scrolling and reflow.
  const anchor = useRef({
    getBoundingClientRect: () =>
      selected.current && typeof selected.current.getBoundingClientRect === 'function'
        ? selected.current.getBoundingClientRect()
        : new DOMRect(),
  });
  const selectable = onRedactSelection !== undefined;

  const readSelection = useCallback(() => {
    const selection = document.getSelection();
    const element = root.current;
    if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !element) {
      setPending(null);
      return;
    }
    const domRange = selection.getRangeAt(0);
    const offsets = domRange.intersectsNode(element) ? rangeToOffsets(element, domRange) : null;
    const range = offsets && trimRange(text, offsets);
    if (!range) {
      setPending(null);
      return;
    }
    selected.current = domRange.cloneRange();
    setPending(range);
    setFloating(true);
  }, [text]);

  useEffect(() => {
    if (!selectable) return;
    document.addEventListener('selectionchange', readSelection);
    return () => document.removeEventListener('selectionchange', readSelection);
  }, [selectable, readSelection]);

  const redact = () => {
    if (!pending || !onRedactSelection) return;
    onRedactSelection(pending);
    document.getSelection()?.removeAllRanges();
    setPending(null);
  };
  // Keeps the text selected while the button is pressed.
  const keepSelection = (event: MouseEvent) => event.preventDefault();

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      {selectable && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2">
          <p className="min-w-0 text-muted-foreground text-xs" aria-live="polite">
            {pending ? (
              <>
                Selected:{' '}
                <span className="font-medium text-foreground">
                  “{excerpt(text.slice(pending.start, pending.end), 40)}”
                </span>
              </>
            ) : (
              'Select any text to redact it too.'
            )}
          </p>
          <Button size="sm" variant="outline" onMouseDown={keepSelection} onClick={redact} disabled={!pending}>
            <Eraser />
            Redact selected text
          </Button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div
          ref={root}
          role="document"
          aria-label={label}
          className="space-y-4 whitespace-pre-wrap break-words px-4 py-4 font-serif text-base leading-loose sm:px-6"
        >
          {blocks.map((block) => (
            <section
              key={block.start}
              aria-label={block.page !== null && blocks.length > 1 ? `Page ${block.page}` : undefined}
            >
              {block.page !== null && blocks.length > 1 && (
                <p className="mb-1 select-none font-sans font-medium text-muted-foreground text-xs uppercase tracking-wide">
                  Page {block.page}
                </p>
              )}
              <BlockText text={text} block={block} highlights={highlights} />
            </section>
          ))}
        </div>
        {selectable && (
          <Popover open={pending !== null && floating} onOpenChange={(open) => setFloating(open)}>
            <PopoverAnchor virtualRef={anchor} />
            <PopoverContent
              side="bottom"
              align="start"
              sideOffset={6}
              className="w-auto p-1"
              onOpenAutoFocus={(event) => event.preventDefault()}
              onCloseAutoFocus={(event) => event.preventDefault()}
            >
              <Button size="sm" onMouseDown={keepSelection} onClick={redact} tabIndex={-1}>
                <Eraser />
                Redact selection
              </Button>
            </PopoverContent>
          </Popover>
        )}
      </div>
    </div>
  );
}

/** One page's text: its stretches, each drawn with the first highlight over it. */
function BlockText({ text, block, highlights }: { text: string; block: Block; highlights: readonly Highlight[] }) {
  const pieces = useMemo(() => {
    const clipped: (TextRange & { index: number })[] = [];
    highlights.forEach((highlight, index) => {
      if (highlight.end <= block.start || highlight.start >= block.end) return;
      clipped.push({
        start: Math.max(highlight.start, block.start) - block.start,
        end: Math.min(highlight.end, block.end) - block.start,
        index,
      });
    });
    return segmentText(text.slice(block.start, block.end), clipped).map((piece) => ({
      ...piece,
      // The piece takes the first highlight (in the caller's order) among those covering it.
      highlight: piece.covering.length > 0 ? Math.min(...piece.covering.map((i) => clipped[i]?.index ?? Infinity)) : -1,
    }));
  }, [text, block, highlights]);

  return (
    <div {...{ [TEXT_BASE_ATTRIBUTE]: block.start }}>
      {pieces.map((piece) => {
        const highlight = highlights[piece.highlight];
        if (!highlight) return <Fragment key={piece.start}>{piece.text}</Fragment>;
        // A highlight's id goes on its first piece only (the page's first, when it began on an earlier page).
        const first =
          highlight.start === block.start + piece.start || (piece.start === 0 && highlight.start < block.start);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a shortcut for the pointer; the findings list has the keyboard's toggles
          <mark
            key={piece.start}
            id={first ? highlight.id : undefined}
            tabIndex={first && highlight.id ? -1 : undefined}
            title={highlight.label}
            onClick={
              highlight.onActivate
                ? () => {
                    // A drag that selects text across the mark is a selection, not a click on it.
                    if (document.getSelection()?.isCollapsed !== false) highlight.onActivate?.();
                  }
                : undefined
            }
            className={cn(
              'rounded-sm bg-transparent text-foreground underline decoration-2 underline-offset-4 outline-none [-webkit-box-decoration-break:clone] [box-decoration-break:clone] focus-visible:ring-[3px] focus-visible:ring-ring/60',
              highlight.onActivate && 'cursor-pointer',
              highlight.className,
            )}
          >
            {piece.text}
          </mark>
        );
      })}
    </div>
  );
}
