import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { segmentScoredText, type TextRange } from '../lib/scored-segments';

export interface ScoredSentence extends TextRange {
  /** The highlight (background classes readable in light and dark mode). */
  className: string;
  /**
   * The score, as the sentence's description for assistive tech: "Sentence 2: 91% likely AI". The sentence's own
   * words are its name, so voice control can say them (WCAG 2.5.3, label in name).
   */
  label: string;
  /** The score printed after the sentence on paper, where the highlight may not print: "91% AI". */
  printLabel: string;
  /** The card's accessible name. */
  cardLabel: string;
  /** Why the sentence scored as it did, shown on hover and focus. */
  card: ReactNode;
}

export interface ScoredMark extends TextRange {
  /** The underline (style and colour, so the kinds differ without colour too). */
  className: string;
}

const NO_MARKS: readonly ScoredMark[] = [];

/** How long the pointer rests on a sentence before its card opens, so sweeping across the text stays calm. */
const HOVER_DELAY_MS = 250;
/** How long a card stays once the pointer leaves its sentence: time to move onto the card (WCAG 1.4.13, hoverable). */
const LEAVE_DELAY_MS = 300;

interface ScoredTextProps {
  text: string;
  sentences: readonly ScoredSentence[];
  marks?: readonly ScoredMark[];
  /** The document's accessible name. */
  label: string;
}

/**
 * The checked text with each scored sentence highlighted in place. A sentence is a button: focusing it, resting the
 * pointer on it or pressing it opens a card with the reasons behind its score, which the pointer can move onto;
 * Escape or moving on closes it.
 */
export function ScoredText({ text, sentences, marks = NO_MARKS, label }: ScoredTextProps) {
  const segments = useMemo(() => segmentScoredText(text, sentences, marks), [text, sentences, marks]);
  // `handedOver`: the card that closed because another one opened, which goes at once instead of fading out.
  const [{ open, handedOver }, setCards] = useState<{ open: number | null; handedOver: number | null }>({
    open: null,
    handedOver: null,
  });
  const show = (sentence: number) =>
    setCards((current) =>
      current.open === sentence ? current : { open: sentence, handedOver: current.open === null ? null : current.open },
    );
  const scoreId = useId();
  const hoverTimer = useRef<number | undefined>(undefined);
  const leaveTimer = useRef<number | undefined>(undefined);
  const textRef = useRef<HTMLDivElement>(null);
  useEffect(
    () => () => {
      window.clearTimeout(hoverTimer.current);
      window.clearTimeout(leaveTimer.current);
    },
    [],
  );

  // Only the sentence that is open may close itself: moving focus to the next one opens it before this one hears.
  const close = (sentence: number) =>
    setCards((current) => (current.open === sentence ? { open: null, handedOver: null } : current));
  // The pointer has left a sentence or its card: unless it comes back to either, the open card closes. A card
  // opened by focus stays while its own sentence has it.
  const leaveSoon = () => {
    window.clearTimeout(leaveTimer.current);
    leaveTimer.current = window.setTimeout(() => {
      const focused = document.activeElement;
      const focusedSentence =
        focused instanceof HTMLElement && textRef.current?.contains(focused)
          ? focused.dataset.scoredSentence
          : undefined;
      setCards((current) =>
        current.open !== null && focusedSentence === String(current.open) ? current : { open: null, handedOver: null },
      );
    }, LEAVE_DELAY_MS);
  };
  const stay = () => window.clearTimeout(leaveTimer.current);

  return (
    <>
      {/* Outside the text, so copying or reading the text never picks the scores up. */}
      <div hidden>
        {sentences.map((sentence, index) => (
          <span key={sentence.start} id={`${scoreId}-${index}`}>
            {sentence.label}
          </span>
        ))}
      </div>
      <div
        ref={textRef}
        role="document"
        aria-label={label}
        dir="auto"
        data-print-colors
        className="whitespace-pre-wrap break-words font-serif text-base leading-loose print:leading-relaxed"
      >
        {segments.map((segment) => {
          if (segment.kind === 'plain') return <span key={segment.start}>{segment.text}</span>;
          const sentence = sentences[segment.sentence];
          if (!sentence) return null;
          const index = segment.sentence;
          return (
            <Popover
              key={segment.start}
              open={open === index}
              onOpenChange={(next) => (next ? show(index) : close(index))}
            >
              <PopoverAnchor asChild>
                <button
                  type="button"
                  aria-describedby={`${scoreId}-${index}`}
                  aria-expanded={open === index}
                  aria-haspopup="dialog"
                  data-print-score={sentence.printLabel}
                  data-scored-sentence={index}
                  onFocus={() => show(index)}
                  onBlur={(event) => {
                    // Focus moving on to another sentence opens that one's card, which hands this one over in the
                    // same update (see the card's class); closing first would start this card fading out.
                    const next = event.relatedTarget;
                    if (
                      next instanceof HTMLElement &&
                      'scoredSentence' in next.dataset &&
                      textRef.current?.contains(next)
                    )
                      return;
                    close(index);
                  }}
                  onClick={() => show(index)}
                  // Hover is a mouse's: after a tap the browser sends mouse events of its own, and one landing on another
                  // sentence (under the card just opened) would switch to that sentence's card.
                  onPointerEnter={(event) => {
                    if (event.pointerType !== 'mouse') return;
                    stay();
                    window.clearTimeout(hoverTimer.current);
                    hoverTimer.current = window.setTimeout(() => show(index), HOVER_DELAY_MS);
                  }}
                  onPointerLeave={(event) => {
                    if (event.pointerType !== 'mouse') return;
                    window.clearTimeout(hoverTimer.current);
                    leaveSoon();
                  }}
                  className={cn(
                    'inline cursor-help whitespace-pre-wrap rounded-sm px-0.5 text-start outline-none transition-colors [-webkit-box-decoration-break:clone] [box-decoration-break:clone] focus-visible:ring-2 focus-visible:ring-ring print:px-0',
                    sentence.className,
                  )}
                >
                  {segment.pieces.map((piece) => {
                    const mark = piece.mark === null ? undefined : marks[piece.mark];
                    return (
                      <span key={piece.start} className={cn(mark && 'underline underline-offset-4', mark?.className)}>
                        {piece.text}
                      </span>
                    );
                  })}
                </button>
              </PopoverAnchor>
              <PopoverContent
                align="start"
                aria-label={sentence.cardLabel}
                className={cn(
                  'w-80 max-w-[calc(100vw-2rem)] print:hidden',
                  // Handed over to another sentence's card: this one goes at once, or cards fading out would stack
                  // up under the new one as focus or the pointer moves quickly through the text. Only the card open
                  // at the hand-over: one already fading must finish its fade, or it would never be removed.
                  // Important, since tailwind-merge doesn't know tw-animate's `animate-out` to drop it, and it comes
                  // later in the CSS.
                  handedOver === index && 'data-[state=closed]:animate-none!',
                )}
                // The card explains the sentence; focus stays in the text so Tab keeps moving through it.
                onPointerEnter={(event) => {
                  if (event.pointerType === 'mouse') stay();
                }}
                onPointerLeave={(event) => {
                  if (event.pointerType === 'mouse') leaveSoon();
                }}
                onOpenAutoFocus={(event) => event.preventDefault()}
                onCloseAutoFocus={(event) => event.preventDefault()}
                // The sentence is the card's anchor, not its trigger, so Radix takes Tab landing on it for focus moving
                // outside and would close the card it just opened. The sentence's own blur closes it instead.
                onFocusOutside={(event) => event.preventDefault()}
              >
                {sentence.card}
              </PopoverContent>
            </Popover>
          );
        })}
      </div>
    </>
  );
}

export interface LegendEntry {
  /** The swatch: the same classes as the highlight or underline it explains. */
  className: string;
  label: string;
  description?: string;
}

/** What the colours and underlines in the text mean. */
export function ScoreLegend({
  title,
  entries,
  swatch = 'box',
}: {
  title: string;
  entries: readonly LegendEntry[];
  swatch?: 'box' | 'underline';
}) {
  return (
    <div className="space-y-1.5" data-print-colors>
      <p className="font-medium text-muted-foreground text-xs">{title}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs">
        {entries.map((entry) => (
          <li key={entry.label} className="flex items-center gap-1.5">
            {swatch === 'box' ? (
              <span
                aria-hidden="true"
                className={cn('size-3 shrink-0 rounded-sm border border-border/60', entry.className)}
              />
            ) : (
              <span aria-hidden="true" className={cn('font-serif underline underline-offset-4', entry.className)}>
                abc
              </span>
            )}
            <span>
              {entry.label}
              {entry.description && <span className="text-muted-foreground"> — {entry.description}</span>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
