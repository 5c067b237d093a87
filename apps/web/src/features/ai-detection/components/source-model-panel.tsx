import type { AiDetectionResult } from '@candor/contracts/tools';
import { sourceFamilyLabels } from '@candor/engine-ai-detect/report';
import { noSourceModelReason, rankedSourceFamilies, sourceModelWording } from '@candor/engine-ai-detect/report-wording';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { SourceModelBar } from './source-model-chart';

// recharts is heavy: it loads only when a report names a source model.
const SourceModelChart = lazy(() => import('./source-model-chart'));

/** "GPT" from "GPT (OpenAI)": the axis has room for the family's name only; the table gives the whole label. */
const shortLabel = (label: string) => label.split(' (')[0] ?? label;

/** Which model family most likely wrote the text, as bars and as a table; or why no family is named. */
export function SourceModelPanel({ report }: { report: AiDetectionResult }) {
  const source = report.source_model;
  const wording = sourceModelWording(report);
  if (!source || !wording) {
    return <p className="text-muted-foreground text-sm">{noSourceModelReason(report.label)}</p>;
  }
  const ranked = rankedSourceFamilies(source);
  const bars: SourceModelBar[] = ranked.map((entry) => ({
    label: shortLabel(sourceFamilyLabels[entry.family]),
    probability: entry.probability,
    percent: entry.percent,
    top: entry.family === source.family,
  }));
  return (
    <div className="space-y-3">
      <p className="text-sm">{wording.lead}</p>
      <Suspense fallback={<Skeleton className="h-48 w-full" />}>
        <SourceModelChart bars={bars} />
      </Suspense>
      {/* A table ignores overflow, so a hidden one still widens the page: the wrapper is what hides it. */}
      <div className="sr-only">
        <table>
          <caption>Probability of each model family</caption>
          <thead>
            <tr>
              <th scope="col">Model family</th>
              <th scope="col">Probability</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((entry) => (
              <tr key={entry.family}>
                <th scope="row">{sourceFamilyLabels[entry.family]}</th>
                <td>{entry.percent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-muted-foreground text-xs">
        An estimate from the style of the text; models of one family write alike, so read it as a hint, not proof.
      </p>
    </div>
  );
}
