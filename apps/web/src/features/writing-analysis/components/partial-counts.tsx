/** The counts a running analysis has already made, while the rest of the report is computed. */
export function PartialCounts({ words, sentences }: { words: number; sentences: number }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:max-w-sm">
      <div className="rounded-lg border bg-muted/40 p-3">
        <dt className="text-muted-foreground text-xs">Words so far</dt>
        <dd className="font-semibold text-xl tabular-nums">{words.toLocaleString('en-US')}</dd>
      </div>
      <div className="rounded-lg border bg-muted/40 p-3">
        <dt className="text-muted-foreground text-xs">Sentences so far</dt>
        <dd className="font-semibold text-xl tabular-nums">{sentences.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
