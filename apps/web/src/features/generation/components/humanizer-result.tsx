import Copy from 'lucide-react/icons/copy';
import Info from 'lucide-react/icons/info';
import { useCallback } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ResultActions } from '@/features/tool-runs/components/result-actions';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { toast } from '@/lib/toast';
import { HUMANIZER, readHumanizerRun } from '../api/generation';
import { DetectorChange } from './detector-change';
import { DiffView } from './diff-view';
import type { HumanizerDraft } from './humanizer-page';
import { MeaningScore, MeaningWarning } from './meaning-score';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A stored humanizer run: the new text, the detector before and after, the meaning score, and the diff. */
export function HumanizerResult({
  historyId,
  onEdit,
  onNew,
  copy,
}: ResultStageProps<HumanizerDraft> & { copy: ToolRunCopy }) {
  const read = useCallback(readHumanizerRun, []);
  return (
    <StoredRun historyId={historyId} service="HUMANIZER" copy={copy} read={read} onNew={onNew}>
      {({ item, input, result }) => {
        const copyText = async () => {
          try {
            await navigator.clipboard.writeText(result.text);
            toast.success('Humanized text copied');
          } catch {
            toast.error('Could not copy. Select the text and copy it by hand.');
          }
        };
        return (
          <div className="space-y-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="font-semibold text-lg">Humanized: {item.title || 'your text'}</h2>
                <p className="text-muted-foreground text-sm">
                  {result.words.toLocaleString('en-US')} words · {percent(result.changed_share)} of the words changed ·{' '}
                  {result.generator.kind === 'model' ? `rewritten by ${result.generator.model}` : 'built-in engine'} ·{' '}
                  {result.candidates} versions compared
                </p>
              </div>
              <ResultActions
                tool={HUMANIZER}
                historyId={historyId}
                copy={copy}
                clipboardText={result.text}
                onEdit={() =>
                  onEdit({
                    text: input.text,
                    ...(input.file_name ? { fileName: input.file_name } : {}),
                    strength: input.strength,
                    readability: input.readability,
                    purpose: input.purpose,
                    glossary: input.glossary.join('\n'),
                    model: input.model,
                  })
                }
                onNew={onNew}
              />
            </div>
            {result.below_floor && <MeaningWarning score={result.meaning.score} floor={result.meaning_floor} />}
            {result.note && (
              <Alert variant="info">
                <Info />
                <AlertDescription>
                  <p>{result.note}</p>
                </AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 md:grid-cols-3">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">AI Detector</CardTitle>
                </CardHeader>
                <CardContent>
                  <DetectorChange result={result} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Meaning</CardTitle>
                </CardHeader>
                <CardContent>
                  <MeaningScore meaning={result.meaning} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Protected</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="font-semibold text-2xl tabular-nums">
                    {result.protected.kept} of {result.protected.total}
                  </p>
                  <p className="text-muted-foreground text-sm">
                    numbers, dates, names, quotations, citations, addresses, code and terms kept as written
                  </p>
                </CardContent>
              </Card>
            </div>
            <Card>
              <CardHeader className="flex flex-row items-center justify-between gap-2">
                <CardTitle className="text-base">Humanized text</CardTitle>
                <Button size="sm" variant="outline" onClick={() => void copyText()}>
                  <Copy /> Copy text
                </Button>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap text-sm leading-relaxed" dir="auto" data-testid="humanized-text">
                  {result.text}
                </p>
              </CardContent>
            </Card>
            <DiffView original={input.text} rewritten={result.text} labels={['Your text', 'Humanized']} />
          </div>
        );
      }}
    </StoredRun>
  );
}
