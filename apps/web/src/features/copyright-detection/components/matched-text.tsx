import type { PlagiarismResult } from '@candor/contracts/tools';
import { Fragment, useMemo } from 'react';
import { cn } from '@/lib/utils';
import type { Passage } from '../lib/report';
import { type ExclusionReason, segmentMatchedText } from '../lib/segments';
import { SourceNumber } from './source-number';

const exclusionLabels: Record<ExclusionReason, string> = {
  quotation: 'Quotation — not counted',
  references: 'Reference list — not counted',
};

interface MatchedTextProps {
  text: string;
  /** The passages to mark (all, or one source's). */
  passages: readonly Passage[];
  excluded: PlagiarismResult['excluded'];
  /** A passage's marker was pressed: show it beside its source. */
  onShowPassage: (passage: Passage) => void;
}

/**
 * The checked text with each copied passage marked in its source's colour and underline style, led by a numbered
 * marker (a button that shows the passage beside its source); what is not counted is faded and labelled.
 */
export function MatchedText({ text, passages, excluded, onShowPassage }: MatchedTextProps) {
  const pieces = useMemo(
    () =>
      segmentMatchedText(
        text,
        passages.map((passage) => passage.match),
        excluded,
      ),
    [text, passages, excluded],
  );
  return (
    <div
      role="document"
      aria-label="Checked text"
      className="whitespace-pre-wrap break-words font-serif text-base leading-loose print:leading-relaxed"
    >
      {pieces.map((piece) => {
        // Where two sources share the words, the more similar one (the lower number) colours them.
        const covering = piece.passages
          .map((index) => passages[index])
          .filter((passage): passage is Passage => passage !== undefined)
          .sort((a, b) => a.entry.number - b.entry.number);
        const primary = covering[0];
        return (
          <Fragment key={piece.start}>
            {piece.opensExcluded && piece.excluded && (
              <span className="mx-0.5 inline-block rounded border border-muted-foreground/50 border-dashed px-1 align-baseline font-sans text-muted-foreground text-xs leading-normal">
                {exclusionLabels[piece.excluded]}
              </span>
            )}
            {piece.opens.map((index) => {
              const passage = passages[index];
              return passage ? <PassageMarker key={passage.number} passage={passage} onShow={onShowPassage} /> : null;
            })}
            {primary ? (
              <mark
                className={cn(
                  'rounded-sm text-foreground underline decoration-2 underline-offset-4 [-webkit-box-decoration-break:clone] [box-decoration-break:clone]',
                  primary.entry.colour.mark,
                  piece.excluded && 'opacity-60',
                )}
              >
                {piece.text}
              </mark>
            ) : (
              <span className={cn(piece.excluded && 'text-muted-foreground')}>{piece.text}</span>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}

function PassageMarker({ passage, onShow }: { passage: Passage; onShow: (passage: Passage) => void }) {
  const { entry } = passage;
  return (
    <button
      type="button"
      onClick={() => onShow(passage)}
      aria-label={`Passage ${passage.number}, from source ${entry.number}: ${entry.source.title}. Show it beside the source`}
      className="mx-0.5 inline-flex rounded-full align-text-top outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&>span]:hover:bg-accent"
    >
      <SourceNumber entry={entry} />
    </button>
  );
}
