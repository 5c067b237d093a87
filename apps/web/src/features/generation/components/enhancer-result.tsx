import { type EnhancerToolId, enhancerModeLabels, generationServiceNames } from '@candor/contracts/tools';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Info from 'lucide-react/icons/info';
import Plus from 'lucide-react/icons/plus';
import { useCallback } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { toast } from '@/lib/toast';
import { readEnhancerRun } from '../api/generation';
import { DiffView } from './diff-view';
import type { EnhancerDraft } from './enhancer-page';
import { MeaningScore } from './meaning-score';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A stored Content Enhancer run: each version beside the original, and a way to take one into the editor. */
export function EnhancerResult({
  historyId,
  onEdit,
  onNew,
  mode,
  copy,
}: ResultStageProps<EnhancerDraft> & { mode: EnhancerToolId; copy: ToolRunCopy }) {
  const read = useCallback(readEnhancerRun, []);
  return (
    <StoredRun historyId={historyId} service={generationServiceNames[mode]} copy={copy} read={read} onNew={onNew}>
      {({ input, result }) => {
        const draftWith = (text: string): EnhancerDraft => ({
          text,
          tone: input.tone,
          strength: input.strength,
          length: input.length
            ? 'ratio' in input.length
              ? `ratio:${input.length.ratio}`
              : `words:${input.length.words}`
            : '',
          variants: input.variants,
          instruction: input.instruction ?? '',
          glossary: input.glossary.join('\n'),
          model: input.model,
        });
        const copyText = async (text: string) => {
          try {
            await navigator.clipboard.writeText(text);
            toast.success('Copied');
          } catch {
            toast.error('Could not copy. Select the text and copy it by hand.');
          }
        };
        return (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold text-lg">
                {enhancerModeLabels[mode]}:{' '}
                {result.variants.length === 1 ? 'the result' : `${result.variants.length} versions`}
              </h2>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onEdit(draftWith(input.text))}>
                  Edit and run again
                </Button>
                <Button size="sm" variant="outline" onClick={onNew}>
                  <Plus /> New text
                </Button>
              </div>
            </div>
            {result.variants.map((variant, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored run’s versions never reorder
              <Card key={`version-${index + 1}`}>
                <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
                  <CardTitle className="flex items-center gap-2 text-base">
                    Version {index + 1}
                    <Badge variant="secondary">
                      {variant.generator.kind === 'model' ? variant.generator.model : 'built-in engine'}
                    </Badge>
                  </CardTitle>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => void copyText(variant.text)}>
                      <Copy /> Copy
                    </Button>
                    <Button size="sm" onClick={() => onEdit(draftWith(variant.text))}>
                      <Check /> Use this version
                    </Button>
                  </div>
                </CardHeader>
                <CardContent className="space-y-4">
                  <div className="grid gap-4 sm:grid-cols-3">
                    <MeaningScore meaning={variant.meaning} />
                    <div>
                      <p className="font-semibold text-2xl tabular-nums">{variant.words.toLocaleString('en-US')}</p>
                      <p className="text-muted-foreground text-sm">
                        words ({result.words_in.toLocaleString('en-US')} in the original) ·{' '}
                        {percent(variant.changed_share)} changed
                      </p>
                    </div>
                    <div>
                      <p className="font-semibold text-2xl tabular-nums">
                        {variant.protected.kept} of {variant.protected.total}
                      </p>
                      <p className="text-muted-foreground text-sm">protected names, numbers and terms kept</p>
                    </div>
                  </div>
                  {(variant.note || variant.new_facts.length > 0) && (
                    <Alert variant="info">
                      <Info />
                      <AlertDescription>
                        {variant.note && <p>{variant.note}</p>}
                        {variant.new_facts.length > 0 && (
                          <p>
                            The model added names or numbers the text doesn’t have; check them:{' '}
                            {variant.new_facts.join(', ')}.
                          </p>
                        )}
                      </AlertDescription>
                    </Alert>
                  )}
                  <DiffView
                    original={input.text}
                    rewritten={variant.text}
                    labels={['Original', `Version ${index + 1}`]}
                  />
                </CardContent>
              </Card>
            ))}
          </div>
        );
      }}
    </StoredRun>
  );
}
