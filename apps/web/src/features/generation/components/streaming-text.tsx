/** What a model has written so far, as it streams in (read politely by screen readers, not word by word). */
export function StreamingText({ label, text }: { label: string; text: string }) {
  return (
    <section aria-label={label} className="max-h-80 overflow-y-auto rounded-md border bg-muted/30 p-4">
      <h3 className="mb-2 font-medium text-muted-foreground text-sm">{label}</h3>
      <p className="whitespace-pre-wrap text-sm leading-relaxed" aria-live="off" dir="auto">
        {text}
      </p>
    </section>
  );
}
