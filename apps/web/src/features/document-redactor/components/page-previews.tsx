import type { DocumentAnalysis } from '@candor/contracts/tools';
import ImageOff from 'lucide-react/icons/image-off';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';

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

/** "Previews show the first 20 of 37 pages.", or null when every page has one. */
function previewedShare(pages: DocumentAnalysis['pages']): string | null {
  const previewed = pages.filter((page) => page.preview).length;
  if (previewed === pages.length) return null;
  return previewed === 1
    ? `The preview shows the first of ${pages.length} pages.`
    : `Previews show the first ${previewed} of ${pages.length} pages.`;
}

/**
 * The pages as pictures with a box over each finding and selection, so the user sees what goes where it is. A long
 * PDF has previews of its first pages only: the list says so first, and each page past them says so again.
 */
export function PagePreviews({
  pages,
  boxes,
  fileName,
  textElsewhere,
}: {
  pages: DocumentAnalysis['pages'];
  boxes: readonly PreviewBox[];
  fileName: string;
  /** Where the screen shows a page without a preview instead: "Its text and findings are in the Text view." */
  textElsewhere: string;
}) {
  const byPage = useMemo(() => {
    const grouped = new Map<number, PreviewBox[]>();
    for (const box of boxes) grouped.set(box.page, [...(grouped.get(box.page) ?? []), box]);
    return grouped;
  }, [boxes]);

  const share = previewedShare(pages);

  return (
    <div className="space-y-4">
      {share && <p className="text-muted-foreground text-sm">{share}</p>}
      <ol className="space-y-6" aria-label={`Pages of ${fileName}`}>
        {pages.map((page) => {
          const pageBoxes = byPage.get(page.number) ?? [];
          return (
            <li key={page.number} className="space-y-2">
              <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
                Page {page.number}
                {pageBoxes.length > 0 && (
                  <span className="normal-case tracking-normal"> · {pageBoxes.length} marked</span>
                )}
              </p>
              {page.preview ? (
                <figure
                  className="relative mx-auto w-full max-w-3xl overflow-hidden rounded-md border bg-white shadow-sm"
                  style={{
                    aspectRatio: page.width > 0 && page.height > 0 ? `${page.width} / ${page.height}` : undefined,
                  }}
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
              ) : (
                <div className="flex items-center gap-3 rounded-md border border-dashed px-4 py-6 text-muted-foreground text-sm">
                  <ImageOff className="size-5 shrink-0" aria-hidden="true" />
                  <p>No picture of this page: previews cover the first pages only. {textElsewhere}</p>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
