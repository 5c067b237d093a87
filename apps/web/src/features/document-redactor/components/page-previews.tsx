import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { LazyPagePreviews, PreviewBatch } from '../api/page-previews';

/** A part of a page to draw over its preview (fractions of the page, top-left origin). */
export interface PreviewBox {
  key: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  className: string;
  /** What the box is, for assistive tech and on hover: "Email address “ann@example.com”: redacted". */
  label: string;
  /** Lets "Show in the document" move focus here. */
  id?: string;
  /** With a toggle, the box is a button that redacts or keeps its finding; without, a picture. */
  pressed?: boolean;
  onToggle?: () => void;
}

const percent = (fraction: number) => `${Math.max(0, Math.min(1, fraction)) * 100}%`;

/** "3 redacted · 2 kept": a box without a toggle is always redacted; a finding the user keeps is not counted as one. */
function boxCounts(boxes: readonly PreviewBox[]): string {
  const kept = boxes.filter((box) => box.pressed === false).length;
  const redacted = `${boxes.length - kept} redacted`;
  return kept > 0 ? `${redacted} · ${kept} kept` : redacted;
}

/** The element of a page in the list, so a screen can scroll to a page whose picture is still on its way. */
export const pageElementId = (idPrefix: string, page: number) => `${idPrefix}-preview-${page}`;

/** The element whose scrolling brings pages into view: the nearest scrolling ancestor, else the viewport (null). */
function scrollParentOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/**
 * A ref for each page still without a picture: `onNear(page)` once it comes within a screen of being seen, so its
 * batch is on its way before the user gets there.
 */
function useNearObserver(onNear: (page: number) => void) {
  const onNearRef = useRef(onNear);
  useEffect(() => {
    onNearRef.current = onNear;
  }, [onNear]);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((element: HTMLElement | null) => {
    if (!element) return;
    observer.current ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) onNearRef.current(Number((entry.target as HTMLElement).dataset.page));
        }
      },
      { root: scrollParentOf(element), rootMargin: '100% 0px' },
    );
    const current = observer.current;
    current.observe(element);
    return () => current.unobserve(element);
  }, []);
}

/**
 * The pages as pictures with a box over each finding and selection, so the user sees what goes where it is. Pages
 * past the ones the analysis sent are loaded a batch at a time as the user scrolls near them: a skeleton meanwhile,
 * and an error with Retry in their place if the batch fails.
 */
export function PagePreviews({
  previews,
  boxes,
  fileName,
  textElsewhere,
  idPrefix,
}: {
  previews: LazyPagePreviews;
  boxes: readonly PreviewBox[];
  fileName: string;
  /** Where the screen shows a page's text when its picture could not be loaded: "Its text is in the Text view." */
  textElsewhere: string;
  /** Gives each page an id (`pageElementId`), for screens that scroll to a page. */
  idPrefix?: string;
}) {
  const byPage = useMemo(() => {
    const grouped = new Map<number, PreviewBox[]>();
    for (const box of boxes) grouped.set(box.page, [...(grouped.get(box.page) ?? []), box]);
    return grouped;
  }, [boxes]);
  const observeNear = useNearObserver(previews.load);

  return (
    <ol className="space-y-6" aria-label={`Pages of ${fileName}`}>
      {previews.pages.map((page) => {
        const pageBoxes = byPage.get(page.number) ?? [];
        const batch = page.preview ? undefined : previews.batchOf(page.number);
        // The page's own shape, so nothing moves when a picture replaces its skeleton.
        const shape: CSSProperties = {
          aspectRatio: page.width > 0 && page.height > 0 ? `${page.width} / ${page.height}` : undefined,
        };
        return (
          <li
            key={page.number}
            id={idPrefix ? pageElementId(idPrefix, page.number) : undefined}
            ref={page.preview ? undefined : observeNear}
            data-page={page.number}
            aria-busy={!page.preview && batch?.status !== 'failed'}
            className="space-y-2"
          >
            <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
              Page {page.number}
              {pageBoxes.length > 0 && <span className="normal-case tracking-normal"> · {boxCounts(pageBoxes)}</span>}
            </p>
            {page.preview ? (
              <figure
                className="relative mx-auto w-full max-w-3xl overflow-hidden rounded-md border bg-white shadow-sm"
                style={shape}
              >
                <img
                  src={page.preview}
                  alt={`Page ${page.number} of ${fileName}`}
                  loading="lazy"
                  decoding="async"
                  className="block h-full w-full select-none object-contain"
                  draggable={false}
                />
                {pageBoxes.map((box) => {
                  const style = {
                    left: percent(box.x),
                    top: percent(box.y),
                    width: percent(box.width),
                    height: percent(box.height),
                  };
                  const className = cn(
                    'absolute min-h-1.5 min-w-1.5 rounded-[2px] border-2 outline-none transition-colors',
                    box.className,
                  );
                  return box.onToggle ? (
                    <button
                      key={box.key}
                      id={box.id}
                      type="button"
                      aria-pressed={box.pressed}
                      aria-label={box.label}
                      title={box.label}
                      onClick={box.onToggle}
                      className={cn(className, 'cursor-pointer focus-visible:ring-[3px] focus-visible:ring-ring')}
                      style={style}
                    />
                  ) : (
                    <span key={box.key} aria-hidden="true" title={box.label} className={className} style={style} />
                  );
                })}
              </figure>
            ) : batch?.status === 'failed' ? (
              <PageFailed page={page.number} batch={batch} textElsewhere={textElsewhere} />
            ) : (
              <div role="status" aria-label={`Loading page ${page.number}`} className="mx-auto w-full max-w-3xl">
                <Skeleton className="w-full rounded-md border" style={shape} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A page whose batch failed: why, where its text is meanwhile, and a way to try again. */
function PageFailed({ page, batch, textElsewhere }: { page: number; batch: PreviewBatch; textElsewhere: string }) {
  const descriptionId = useId();
  return (
    // One announcement a batch: the other pages of it say the same without interrupting again.
    <Alert variant="destructive" role={page === batch.first ? 'alert' : 'none'} className="mx-auto max-w-3xl">
      <CircleAlert />
      <AlertTitle>Page {page} could not be loaded</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        {/* Two sentences of their own: the server's message need not end with a full stop. */}
        <p id={descriptionId}>{batch.error}</p>
        <p>{textElsewhere}</p>
        <Button size="sm" variant="outline" onClick={batch.retry} aria-describedby={descriptionId}>
          <RotateCw aria-hidden="true" /> Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}
