import {
  articleLengths,
  outlineSchema,
  type Tone,
  toneLabels,
  tones,
  type WriterLanguage,
  writerLanguages,
} from '@candor/contracts/tools';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import ListTree from 'lucide-react/icons/list-tree';
import PenLine from 'lucide-react/icons/pen-line';
import { useEffect, useId, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { tools } from '@/config/navigation';
import { useToolCoefficient } from '@/features/tool-runs/api/tool-cost';
import { quoteTokens } from '@/features/tool-runs/lib/cost';
import { getErrorMessage } from '@/lib/api-client';
import { AI_WRITER, useGenerationModels, writeOutline } from '../api/generation';
import { briefBody, readWriterDraft, storeWriterDraft, type WriterDraft } from '../lib/writer-draft';
import { ConnectModelNotice, ModelChoice } from './model-choice';
import { OutlineEditor } from './outline-editor';
import { SelectField } from './select-field';

/**
 * `/stealth-ai-writer`: the brief (topic, keywords, audience, tone, length, language), then an outline the model
 * proposes and the user edits, then the article is written on `/stealth-ai-writer/generate-article`.
 */
export function WriterBriefPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<WriterDraft>(readWriterDraft);
  const models = useGenerationModels();
  const hasModel = (models.data?.items.length ?? 0) > 0;
  const { coefficient } = useToolCoefficient(AI_WRITER);
  const topicId = useId();
  const keywordsId = useId();
  const audienceId = useId();
  useEffect(() => storeWriterDraft(draft), [draft]);

  const outline = useMutation({
    mutationFn: () => writeOutline(briefBody(draft.brief)),
    onSuccess: (written) =>
      setDraft((current) => ({ ...current, outline: { title: written.title, headings: written.headings } })),
  });
  const setBrief =
    <K extends keyof WriterDraft['brief']>(key: K) =>
    (value: WriterDraft['brief'][K]) =>
      setDraft((current) => ({ ...current, brief: { ...current.brief, [key]: value } }));
  const topicReady = draft.brief.topic.trim().length >= 3;
  const checkedOutline = draft.outline ? outlineSchema.safeParse(draft.outline) : null;
  const outlineProblem = checkedOutline && !checkedOutline.success ? checkedOutline.error.issues[0]?.message : null;
  const maxCost = coefficient === undefined ? null : quoteTokens(Math.ceil(draft.brief.length * 1.25), coefficient);

  const write = () => {
    storeWriterDraft({ ...draft, started: false });
    void navigate({ to: '/stealth-ai-writer/generate-article' });
  };

  return (
    <div>
      <PageHeader
        title={tools.stealthAiWriter.title}
        description={tools.stealthAiWriter.description}
        icon={tools.stealthAiWriter.icon}
      />
      {!models.isPending && !hasModel && (
        <div className="mb-4">
          <ConnectModelNotice />
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>1. The brief</h2>
            </CardTitle>
            <CardDescription>What the article is about, and for whom.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor={topicId}>Topic</Label>
              <Input
                id={topicId}
                value={draft.brief.topic}
                maxLength={300}
                placeholder="Why solar power got cheap"
                onChange={(event) => setBrief('topic')(event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={keywordsId}>Keywords</Label>
              <Input
                id={keywordsId}
                value={draft.brief.keywords}
                placeholder="solar panels, batteries, grid"
                onChange={(event) => setBrief('keywords')(event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={audienceId}>Audience</Label>
              <Input
                id={audienceId}
                value={draft.brief.audience}
                maxLength={200}
                placeholder="Homeowners thinking about panels"
                onChange={(event) => setBrief('audience')(event.target.value)}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField
                label="Tone"
                value={draft.brief.tone}
                options={tones.map((tone) => ({ value: tone, label: toneLabels[tone] }))}
                onChange={(value) => setBrief('tone')(value as Tone)}
              />
              <SelectField
                label="Length"
                value={String(draft.brief.length)}
                options={articleLengths.map((words) => ({
                  value: String(words),
                  label: `${words.toLocaleString('en-US')} words`,
                }))}
                onChange={(value) => setBrief('length')(Number(value))}
              />
              <SelectField
                label="Language"
                value={draft.brief.language}
                options={writerLanguages.map((language) => ({ value: language, label: language }))}
                onChange={(value) => setBrief('language')(value as WriterLanguage)}
              />
            </div>
            <ModelChoice value={draft.brief.model} onChange={setBrief('model')} builtIn={false} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => outline.mutate()} disabled={!topicReady || !hasModel || outline.isPending}>
                {outline.isPending ? <Spinner /> : <ListTree />}
                {draft.outline ? 'Write a new outline' : 'Write an outline'}
              </Button>
              {!draft.outline && (
                <Button
                  variant="outline"
                  disabled={!topicReady}
                  onClick={() =>
                    setDraft((current) => ({
                      ...current,
                      outline: { title: current.brief.topic.trim(), headings: [''] },
                    }))
                  }
                >
                  Write the outline myself
                </Button>
              )}
            </div>
            {outline.isError && (
              <Alert variant="destructive">
                <CircleAlert />
                <AlertTitle>The outline could not be written</AlertTitle>
                <AlertDescription>
                  <p>{getErrorMessage(outline.error)}</p>
                </AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>2. The outline</h2>
            </CardTitle>
            <CardDescription>Each heading becomes a section, written in this order.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {draft.outline ? (
              <OutlineEditor
                outline={draft.outline}
                onChange={(next) => setDraft((current) => ({ ...current, outline: next }))}
                disabled={outline.isPending}
              />
            ) : (
              <p className="text-muted-foreground text-sm">
                Write the brief, then let the model propose an outline, or write it yourself.
              </p>
            )}
            {outlineProblem && <p className="font-medium text-destructive text-sm">{outlineProblem}</p>}
            {draft.outline && (
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={write} disabled={!hasModel || !topicReady || Boolean(outlineProblem)}>
                  <PenLine /> Write the article
                </Button>
                {maxCost !== null && (
                  <p className="text-muted-foreground text-xs">
                    Costs up to {maxCost.toLocaleString('en-US')} tokens: what it writes, charged once it is saved.
                  </p>
                )}
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
