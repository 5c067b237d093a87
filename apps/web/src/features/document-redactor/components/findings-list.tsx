import LocateFixed from 'lucide-react/icons/locate-fixed';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type Dispatch, type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { excerpt, plural } from '../lib/document-meta';
import type { DraftAction } from '../lib/draft';
import type { EntityColour } from '../lib/entity-colours';
import type { Finding } from '../lib/findings';
import { occurrences, type TextRange } from '../lib/ranges';

/** Long documents list their findings a page at a time, so the panel stays quick. */
const LIST_STEP = 100;

interface FindingsListProps {
  findings: readonly Finding[];
  selected: ReadonlySet<number>;
  dispatch: Dispatch<DraftAction>;
  nameOf: (finding: Finding) => string;
  colourOf: (finding: Finding) => EntityColour;
  pageOf: (offset: number) => number | null;
  /** Shows the finding in the document (its box on the page, or its words in the text). */
  onShow: (index: number) => void;
}

/** Every finding in text order, each with its own toggle, its confidence and a way to find it in the document. */
export function FindingsList({ findings, selected, dispatch, nameOf, colourOf, pageOf, onShow }: FindingsListProps) {
  const idPrefix = useId();
  const [shown, setShown] = useState(LIST_STEP);
  if (findings.length === 0) return <p className="text-muted-foreground text-sm">Nothing was found automatically.</p>;
  return (
    <div className="space-y-2">
      <ul className="-mx-1 max-h-96 divide-y overflow-y-auto px-1" aria-label="Findings">
        {findings.slice(0, shown).map((finding, index) => {
          const checkboxId = `${idPrefix}-${index}`;
          const value = excerpt(finding.text);
          const page = pageOf(finding.start);
          return (
            // Findings never reorder, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-center gap-2 py-2">
              <Checkbox
                id={checkboxId}
                checked={selected.has(index)}
                onChange={(event) => dispatch({ kind: 'finding', index, on: event.target.checked })}
              />
              <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                  <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', colourOf(finding).swatch)} />
                  {nameOf(finding)}
                </span>
                <span className={cn('block truncate text-sm', !selected.has(index) && 'text-muted-foreground')}>
                  {value}
                </span>
              </label>
              <span className="shrink-0 text-right text-muted-foreground text-xs tabular-nums">
                <span title="How sure the detector is">{Math.round(finding.score * 100)}%</span>
                {page !== null && <span className="block">p. {page}</span>}
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                className="shrink-0"
                aria-label={`Show “${value}” in the document`}
                title="Show in the document"
                onClick={() => onShow(index)}
              >
                <LocateFixed />
              </Button>
            </li>
          );
        })}
      </ul>
      {findings.length > shown && (
        <Button variant="outline" size="sm" className="w-full" onClick={() => setShown((count) => count + LIST_STEP)}>
          Show {Math.min(LIST_STEP, findings.length - shown)} more of {findings.length.toLocaleString('en-US')}
        </Button>
      )}
    </div>
  );
}

interface ManualRedactionsProps {
  text: string;
  manual: readonly TextRange[];
  dispatch: Dispatch<DraftAction>;
}

/** The user's own redactions: found by name, or selected in the text; each can be removed. */
export function ManualRedactions({ text, manual, dispatch }: ManualRedactionsProps) {
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const sorted = useMemo(() => [...manual].sort((a, b) => a.start - b.start), [manual]);

  const findAndRedact = (event: FormEvent) => {
    event.preventDefault();
    const found = occurrences(text, query);
    const quoted = `“${excerpt(query, 30)}”`;
    if (found.length === 0) {
      setStatus(`No match for ${quoted}.`);
      return;
    }
    dispatch({ kind: 'add-manual', ranges: found, label: `${plural(found.length, 'match', 'matches')} of ${quoted}` });
    setStatus(`Redacting ${plural(found.length, 'match', 'matches')} of ${quoted}.`);
    setQuery('');
  };

  return (
    <div className="space-y-3">
      <form onSubmit={findAndRedact} className="space-y-1.5">
        <label htmlFor={inputId} className="font-medium text-sm">
          Find and redact
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setStatus(null);
            }}
            placeholder="A name, a project, a number…"
            aria-describedby={statusId}
          />
          <Button type="submit" variant="outline" disabled={!query.trim()}>
            <Search />
            Redact all
          </Button>
        </div>
        <p id={statusId} className="text-muted-foreground text-xs" aria-live="polite">
          {status ?? 'Every match, in any case, is redacted.'}
        </p>
      </form>
      {sorted.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing added yet. Text you select in the document, or find above, is listed here.
        </p>
      ) : (
        <ul className="max-h-64 divide-y overflow-y-auto" aria-label="Your redactions">
          {sorted.map((range) => {
            const value = excerpt(text.slice(range.start, range.end));
            return (
              <li key={`${range.start}-${range.end}`} className="flex items-center gap-2 py-1.5">
                <span className="min-w-0 flex-1 truncate text-sm">“{value}”</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Stop redacting “${value}”`}
                  title="Remove"
                  onClick={() => dispatch({ kind: 'remove-manual', range })}
                >
                  <X />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
