import { useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useEffect, useRef } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { tools } from '@/config/navigation';
import { isJobFinished } from '@/features/tool-runs/api/follow-job';
import { RunFailure, StartError } from '@/features/tool-runs/components/start-error';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { AI_WRITER, readArticlePartial } from '../api/generation';
import { briefBody, forgetWriterDraft, readWriterDraft, storeWriterDraft } from '../lib/writer-draft';

const copy = { textLabel: 'Brief', submitLabel: 'Write', noun: 'article', verb: 'write', progressing: 'Writing' };

/**
 * `/stealth-ai-writer/generate-article`: the article written section by section as the model streams it (the job's
 * partials over SSE), cancellable; once saved, its result page. A reload re-attaches to the running job.
 */
export function WriterGeneratePage() {
  const navigate = useNavigate();
  const run = useToolJob<object>(AI_WRITER, {
    onSucceeded: (job) => {
      forgetWriterDraft();
      if (job.history_id)
        void navigate({ to: '/stealth-ai-writer/result', search: { history_id: job.history_id }, replace: true });
    },
    onCancelled: () => {
      storeWriterDraft({ ...readWriterDraft(), started: false });
      toast.message('Writing cancelled — no tokens were charged');
      void navigate({ to: '/stealth-ai-writer' });
    },
    onFailed: () => storeWriterDraft({ ...readWriterDraft(), started: false }),
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || run.isResuming || run.job) return;
    const draft = readWriterDraft();
    if (!draft.outline || draft.started) {
      // Nothing to write, or a run this tab started that is gone (it ended elsewhere): back to the brief.
      storeWriterDraft({ ...draft, started: false });
      void navigate({ to: '/stealth-ai-writer', replace: true });
      return;
    }
    started.current = true;
    storeWriterDraft({ ...draft, started: true });
    void run.start({ ...briefBody(draft.brief), outline: draft.outline });
  }, [run.isResuming, run.job, run.start, navigate]);

  const job = run.job;
  const partial = readArticlePartial(job?.partial);
  const failed = job?.status === 'failed' ? job.error : null;
  const backToOutline = () => {
    storeWriterDraft({ ...readWriterDraft(), started: false });
    void navigate({ to: '/stealth-ai-writer' });
  };
  const percent = Math.round(job?.progress.percent ?? 0);

  return (
    <div>
      <PageHeader
        title="Generate article"
        description={tools.stealthAiWriter.description}
        icon={tools.stealthAiWriter.icon}
      />
      {(run.error || failed) && (
        <div className="mb-4 space-y-3">
          {run.error ? (
            <StartError error={run.error} copy={copy} />
          ) : (
            failed && <RunFailure reason={failed} copy={copy} />
          )}
          <Button variant="outline" onClick={backToOutline}>
            <ArrowLeft /> Back to the outline
          </Button>
        </div>
      )}
      {!run.error && !failed && (
        <Card aria-busy={job ? !isJobFinished(job) : true}>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <Spinner className="text-primary" />
              <h2>{partial?.title ?? 'Writing your article'}</h2>
            </CardTitle>
            <CardDescription>
              {job
                ? `This article costs at most ${formatTokens(job.cost)} tokens — what it writes, charged only once it is saved.`
                : 'Starting…'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="space-y-2">
              <Progress value={percent} aria-label="Article progress" />
              <p role="status" className="text-muted-foreground text-sm">
                {job?.status === 'succeeded' ? 'Opening the article' : (job?.progress.stage ?? 'Starting')}…
              </p>
            </div>
            {partial && (
              <article className="space-y-4" aria-label="The article so far">
                {partial.sections.map((section, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sections only grow, in outline order
                  <section key={`section-${index + 1}`}>
                    <h3 className="font-semibold">{section.heading}</h3>
                    <p className="whitespace-pre-wrap text-sm leading-relaxed" dir="auto">
                      {section.text || (index === partial.current ? '…' : '')}
                    </p>
                  </section>
                ))}
              </article>
            )}
            <div className="flex justify-end">
              <Button
                variant="outline"
                onClick={() => void run.cancel()}
                disabled={!job || isJobFinished(job) || run.isCancelling}
              >
                {run.isCancelling && <Spinner />}
                Cancel
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
