import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { type DiffPiece, passageDiff } from '../lib/passage-diff';
import type { Passage, SourceEntry } from '../lib/report';
import { SourceNumber } from './source-number';

const passageCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'passage' : 'passages'}`;

/** The id of a passage's element, so a marker in the text can move focus to it. */
export const passageElementId = (prefix: string, passage: number) => `${prefix}-passage-${passage}`;

interface PassageListProps {
  /** The passages shown (all, or the selected source's). */
  passages: readonly Passage[];
  total: number;
  /** The source the list is filtered to. */
  selected: SourceEntry | null;
  onShowAll: () => void;
  idPrefix: string;
}

/**
 * Each copied passage beside the source's words: the text's passage on the left, the source's on the right (one
 * above the other on a narrow screen), under the source's number and title.
 */
export function PassageList({ passages, total, selected, onShowAll, idPrefix }: PassageListProps) {
  return (
    <div className="space-y-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-muted-foreground text-sm">
          {selected
            ? `${passageCount(passages.length)} of ${total} from ${selected.source.title}`
            : `${passageCount(total)}, in the order they appear in the text`}
        </p>
        {selected && (
          <Button variant="outline" size="sm" onClick={onShowAll} data-print-hide>
            Show all sources
          </Button>
        )}
      </div>
      <p className="text-muted-foreground text-xs">
        <mark className={DIFFERS}>Marked</mark> words differ between your text and the source.
      </p>
      <ol className="space-y-3" aria-label="Matched passages">
        {passages.map((passage) => (
          <li
            key={passage.number}
            id={passageElementId(idPrefix, passage.number)}
            tabIndex={-1}
            aria-label={`Passage ${passage.number}, from source ${passage.entry.number}: ${passage.entry.source.title}`}
            className="space-y-2 rounded-lg border p-3 outline-none focus:ring-[3px] focus:ring-ring/50 print:break-inside-avoid"
          >
            <h3 className="flex min-w-0 items-center gap-2 text-sm">
              <span className="shrink-0 font-medium">Passage {passage.number}</span>
              <span className="shrink-0 text-muted-foreground">from</span>
              <SourceNumber entry={passage.entry} />
              <span className="min-w-0 truncate">{passage.entry.source.title}</span>
            </h3>
            <SideBySide passage={passage} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The passage beside the source's words, the words that differ between them marked on both sides. */
function SideBySide({ passage }: { passage: Passage }) {
  const diff = useMemo(() => passageDiff(passage.text, passage.match.source_text), [passage]);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Side caption="In your text" pieces={diff.text} />
      <Side caption={`In ${passage.entry.source.title}`} pieces={diff.source} />
    </div>
  );
}

function Side({ caption, pieces }: { caption: string; pieces: readonly DiffPiece[] }) {
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="truncate text-muted-foreground text-xs">{caption}</figcaption>
      <blockquote className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-2.5 font-serif text-sm leading-relaxed">
        {pieces.map((piece, index) =>
          piece.differs ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are a fixed cut of a fixed text
            <mark key={index} className={DIFFERS}>
              {piece.value}
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <span key={index}>{piece.value}</span>
          ),
        )}
      </blockquote>
    </figure>
  );
}

/** A word that differs between the two sides: readable in light and dark mode, and on paper. */
const DIFFERS =
  'rounded-sm bg-amber-200/70 text-foreground underline decoration-amber-600 decoration-dotted underline-offset-2 dark:bg-amber-400/25 dark:decoration-amber-300';
