import type { AiDetectionResult } from '@candor/contracts/tools';
import { formatPercent, formatPercentRange } from '@/features/tool-runs/lib/probability';
import { cn } from '@/lib/utils';
import { aiLabelMeta } from '../lib/ai-scale';
import { GAUGE, gaugeArc, gaugePoint } from '../lib/gauge';

/** Shorter than this, an arc is not drawn (a zero-length arc would show as a dot with round caps). */
const MIN_ARC = 0.005;

/**
 * The probability that the text is AI-written as a semicircle gauge: the value arc in the verdict's colour, the 90%
 * confidence interval as a wider translucent band, and a tick at the threshold where a text is called AI. The
 * drawing is decoration; a visually hidden meter says the same thing to assistive tech.
 */
export function ProbabilityGauge({ report }: { report: AiDetectionResult }) {
  const { ai_probability: probability, confidence_interval: interval, threshold } = report;
  const meta = aiLabelMeta[report.label];
  const [tickInnerX, tickInnerY] = gaugePoint(threshold, GAUGE.radius - 16);
  const [tickOuterX, tickOuterY] = gaugePoint(threshold, GAUGE.radius + 16);
  const range = formatPercentRange(interval.low, interval.high);
  return (
    <figure className="mx-auto w-full max-w-64">
      <div className="relative">
        {/* The drawing below is decoration; the meter says the same to assistive tech. */}
        <meter
          className="sr-only"
          aria-label="AI probability"
          min={0}
          max={100}
          value={Math.round(probability * 100)}
          aria-valuetext={`${formatPercent(probability)} likely AI, 90% confidence interval ${range}`}
        />
        <svg viewBox="0 0 200 112" className="w-full" aria-hidden="true">
          <path d={gaugeArc(0, 1)} className="fill-none stroke-muted" strokeWidth={14} strokeLinecap="round" />
          {interval.high - interval.low >= MIN_ARC && (
            <path
              d={gaugeArc(interval.low, interval.high)}
              className={cn('fill-none opacity-25', meta.stroke)}
              strokeWidth={26}
            />
          )}
          {probability >= MIN_ARC && (
            <path
              d={gaugeArc(0, probability)}
              className={cn('fill-none', meta.stroke)}
              strokeWidth={14}
              strokeLinecap="round"
            />
          )}
          <line
            x1={tickInnerX}
            y1={tickInnerY}
            x2={tickOuterX}
            y2={tickOuterY}
            className="stroke-foreground/70"
            strokeWidth={2}
          />
        </svg>
        <div className="absolute inset-x-0 bottom-0 flex flex-col items-center">
          <span className="font-semibold text-4xl tabular-nums leading-none">{formatPercent(probability)}</span>
          <span className="text-muted-foreground text-xs">likely AI</span>
        </div>
      </div>
      <figcaption className="mt-3 space-y-1 text-center text-sm">
        <p>
          90% confidence: <span className="font-medium tabular-nums">{range}</span>
        </p>
        <p className="text-muted-foreground text-xs">
          The shaded band is the interval; the tick marks {formatPercent(threshold)}, where a text is called AI.
        </p>
      </figcaption>
    </figure>
  );
}
