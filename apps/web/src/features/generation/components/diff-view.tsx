import { diffWords } from 'diff';
import { useMemo } from 'react';

interface DiffViewProps {
  original: string;
  rewritten: string;
  /** Column headings. */
  labels?: [string, string];
}

/** The original and the rewrite side by side, each with the words the other doesn't have marked. */
export function DiffView({ original, rewritten, labels = ['Original', 'Rewritten'] }: DiffViewProps) {
  // Each part keyed by where it starts in the diff: parts of one diff never move.
  const parts = useMemo(() => {
    let at = 0;
    return diffWords(original, rewritten).map((part) => {
      const id = `${at}:${part.added ? 'a' : part.removed ? 'r' : 'k'}`;
      at += part.value.length;
      return { ...part, id };
    });
  }, [original, rewritten]);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label={labels[0]} className="rounded-md border p-4">
        <h3 className="mb-2 font-medium text-muted-foreground text-sm">{labels[0]}</h3>
        <p className="whitespace-pre-wrap text-sm leading-relaxed" dir="auto">
          {parts.map((part) =>
            part.added ? null : part.removed ? (
              <del
                key={part.id}
                className="rounded-sm bg-destructive/15 text-foreground line-through decoration-destructive decoration-2"
              >
                {part.value}
              </del>
            ) : (
              <span key={part.id}>{part.value}</span>
            ),
          )}
        </p>
      </section>
      <section aria-label={labels[1]} className="rounded-md border p-4">
        <h3 className="mb-2 font-medium text-muted-foreground text-sm">{labels[1]}</h3>
        <p className="whitespace-pre-wrap text-sm leading-relaxed" dir="auto">
          {parts.map((part) =>
            part.removed ? null : part.added ? (
              <ins
                key={part.id}
                className="rounded-sm bg-success/20 text-foreground underline decoration-success decoration-2 underline-offset-2"
              >
                {part.value}
              </ins>
            ) : (
              <span key={part.id}>{part.value}</span>
            ),
          )}
        </p>
      </section>
    </div>
  );
}
