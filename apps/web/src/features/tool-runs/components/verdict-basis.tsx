import { type ReportLevel, reasonsHeading } from '@candor/engine-ai-detect/report-wording';

interface VerdictBasisProps {
  level: ReportLevel;
  /** Which scorer gave the verdict. */
  scorer?: string | null;
  /** A line on the language model's part, when it scored the text. */
  note?: string | null;
  /** Why the verdict is uncertain, one sentence each; nothing shows when there is none. */
  reasons: readonly string[];
  /** Whether the verdict itself is "uncertain" (the reasons' heading says so), or a firm one with reasons to doubt it. */
  uncertain: boolean;
}

/** What a detector's verdict was read at and by, and why it is uncertain when it is. */
export function VerdictBasis({ level, scorer, note, reasons, uncertain }: VerdictBasisProps) {
  return (
    <div className="space-y-2 text-sm">
      {reasons.length > 0 && (
        <div role="note" aria-label={reasonsHeading(uncertain)} className="rounded-md border border-dashed p-2.5">
          <p className="font-medium">{reasonsHeading(uncertain)}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <p>
        <span className="font-medium">{level.title}</span> {level.meaning}
      </p>
      {scorer && <p className="text-muted-foreground text-xs">{scorer}</p>}
      {note && <p className="text-muted-foreground text-xs">{note}</p>}
    </div>
  );
}
