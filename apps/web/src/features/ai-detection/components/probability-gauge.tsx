import type { AiDetectionResult } from '@candor/contracts/tools';
import { intervalPercents } from '@candor/engine-ai-detect/report-wording';
import { cn } from '@/lib/utils';
import { aiLabelMeta } from '../lib/ai-scale';
import { GAUGE, gaugeArc, gaugePoint, INTERVAL_RADIUS, intervalArc } from '../lib/gauge';

/** Shorter than this, the value arc is not drawn (a zero-length arc would show as a dot with round caps). */
const MIN_ARC = 0.005;

/**
 * The probability that the text is AI-written as a semicircle gauge: the value arc in the verdict's colour, the 90%
 * confidence interval as a thin arc just outside it, and ticks at the thresholds below which a text is called human
 * and above which it is called AI, long enough to cross the interval's arc. The drawing is decoration; a visually
 * hidden meter says the same thing to assistive tech.
 */
export function ProbabilityGauge({ report }: { report: AiDetectionResult }) {
  const { ai_probability: probability, confidence_interval: interval, threshold, human_threshold } = report;
  const meta = aiLabelMeta[report.label];
  const shown = intervalPercents(report);
  const [intervalFrom, intervalTo] = intervalArc(interval.low, interval.high);
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
          aria-valuetext={`${shown.score} likely AI, 90% confidence interval ${shown.range}`}
        />
        <svg viewBox="0 0 200 112" className="w-full" aria-hidden="true">
          <path d={gaugeArc(0, 1)} className="fill-none stroke-muted" strokeWidth={14} strokeLinecap="round" />
          <path
            d={gaugeArc(intervalFrom, intervalTo, INTERVAL_RADIUS)}
            className={cn('fill-none', meta.stroke)}
            strokeWidth={5}
            strokeLinecap="round"
          />
          {probability >= MIN_ARC && (
            <path
              d={gaugeArc(0, probability)}
              className={cn('fill-none', meta.stroke)}
              strokeWidth={14}
              strokeLinecap="round"
            />
          )}
          <ThresholdTick value={human_threshold} />
          <ThresholdTick value={threshold} />
        </svg>
        <div className="absolute inset-x-0 bottom-0 flex flex-col items-center">
          <span className="font-semibold text-4xl tabular-nums leading-none">{shown.score}</span>
          <span className="text-muted-foreground text-xs">likely AI</span>
        </div>
      </div>
      <figcaption className="mt-3 space-y-1 text-center text-sm">
        <p>
          90% confidence: <span className="font-medium tabular-nums">{shown.range}</span>
        </p>
        <p className="text-muted-foreground text-xs">
          The thin outer arc is the interval. A text is called AI when its score reaches the {shown.threshold} tick,
          mixed when the arc reaches it and the sentences split clearly into AI and human parts, and human when its
          score is below the {shown.humanThreshold} tick; in between the detector can’t tell. Where the arc crosses a
          tick, the call is a close one.
        </p>
      </figcaption>
    </figure>
  );
}

function ThresholdTick({ value }: { value: number }) {
  const [innerX, innerY] = gaugePoint(value, GAUGE.radius - 16);
  const [outerX, outerY] = gaugePoint(value, INTERVAL_RADIUS + 5);
  return <line x1={innerX} y1={innerY} x2={outerX} y2={outerY} className="stroke-foreground/70" strokeWidth={2} />;
}
