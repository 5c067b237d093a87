import type { HumanizedDetectionResult } from '@candor/contracts/tools';
import { classPercents } from '@candor/engine-humanized-detect/report-wording';
import { cn } from '@/lib/utils';
import { humanizedLabelMeta, humanizedLabels } from '../lib/humanized-scale';

/**
 * The three-way split as one stacked bar (decoration) and a list of the three probabilities, each with what the
 * class means; the verdict's class is marked in words as well as in bold.
 */
export function ClassProbabilities({ report }: { report: HumanizedDetectionResult }) {
  const { probabilities } = report;
  const percents = classPercents(probabilities);
  return (
    <div className="space-y-3" data-print-colors>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {humanizedLabels.map((label) => (
          <span
            key={label}
            className={cn('h-full', humanizedLabelMeta[label].swatch)}
            style={{ width: `${probabilities[label] * 100}%` }}
          />
        ))}
      </div>
      <dl className="space-y-2 text-sm">
        {humanizedLabels.map((label) => {
          const meta = humanizedLabelMeta[label];
          const chosen = label === report.label;
          return (
            <div key={label} className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-2">
              <span aria-hidden="true" className={cn('size-2.5 translate-y-px rounded-full', meta.swatch)} />
              <dt className={cn(chosen && 'font-semibold')}>
                {meta.name}
                {chosen && <span className="sr-only"> (the verdict)</span>}
                <span className="block text-muted-foreground text-xs">{meta.description}</span>
              </dt>
              <dd className={cn('tabular-nums', chosen && 'font-semibold')}>{percents[label]}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
