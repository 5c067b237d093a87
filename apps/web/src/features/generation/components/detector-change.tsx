import type { HumanizerResult } from '@candor/contracts/tools';
import ArrowRight from 'lucide-react/icons/arrow-right';

const labelWords: Record<string, string> = { ai: 'AI', human: 'Human', mixed: 'Mixed', uncertain: 'Uncertain' };
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The AI Detector's probability and verdict before and after the rewrite. */
export function DetectorChange({ result }: { result: HumanizerResult }) {
  if (result.ai_probability_before === null || result.ai_probability_after === null) {
    return (
      <p className="text-muted-foreground text-sm">The AI Detector reads English only: this text was not checked.</p>
    );
  }
  return (
    <div>
      <p className="flex items-center gap-2 font-semibold text-2xl tabular-nums">
        <span>
          <span className="sr-only">Before: </span>
          {percent(result.ai_probability_before)}
        </span>
        <ArrowRight aria-hidden="true" className="size-5 text-muted-foreground" />
        <span>
          <span className="sr-only">After: </span>
          {percent(result.ai_probability_after)}
        </span>
      </p>
      <p className="text-muted-foreground text-sm">likely AI, according to the AI Detector</p>
      <p className="mt-2 text-sm">
        Verdict: {labelWords[result.label_before ?? ''] ?? '—'} → {labelWords[result.label_after ?? ''] ?? '—'}
      </p>
    </div>
  );
}
