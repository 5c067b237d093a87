import { Button } from '@/components/ui/button';
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
            <div className="grid gap-3 md:grid-cols-2">
              <Side caption="In your text" words={passage.text} />
              <Side caption={`In ${passage.entry.source.title}`} words={passage.match.source_text} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Side({ caption, words }: { caption: string; words: string }) {
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="truncate text-muted-foreground text-xs">{caption}</figcaption>
      <blockquote className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-2.5 font-serif text-sm leading-relaxed">
        {words}
      </blockquote>
    </figure>
  );
}
