import type { HistoryDetail } from '@candor/contracts';
import type { ArticleResult } from '@candor/contracts/tools';
import { Link, useNavigate } from '@tanstack/react-router';
import Copy from 'lucide-react/icons/copy';
import FileDown from 'lucide-react/icons/file-down';
import Info from 'lucide-react/icons/info';
import Plus from 'lucide-react/icons/plus';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import { useCallback } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { tools } from '@/config/navigation';
import { DownloadReportButton } from '@/features/tool-runs/components/download-report-button';
import { StartError } from '@/features/tool-runs/components/start-error';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { toast } from '@/lib/toast';
import { AI_WRITER, HUMANIZER, readArticleRun } from '../api/generation';
import { DOCX_TYPE, docxBytes } from '../lib/docx';
import { fileNameOf, saveBlob } from '../lib/downloads';

const copy = { textLabel: 'Article', submitLabel: 'Write', noun: 'article', verb: 'write', progressing: 'Writing' };
const labelWords: Record<string, string> = { ai: 'AI', human: 'Human', mixed: 'Mixed', uncertain: 'Uncertain' };

/** The article's text without its headings: what the humanizer rewrites and the detector reads. */
const articleText = (article: ArticleResult) => article.sections.map((section) => section.text).join('\n\n');

/** `/stealth-ai-writer/result?history_id=`: the written article, its meta data and score, and what to do with it. */
export function WriterResultPage({ historyId }: { historyId: string | undefined }) {
  const navigate = useNavigate();
  const read = useCallback((detail: HistoryDetail) => readArticleRun(detail), []);
  const humanize = useToolJob<object>(HUMANIZER, {
    onSucceeded: (job) => {
      if (job.history_id) void navigate({ to: '/content-humanizer', search: { history_id: job.history_id } });
    },
  });
  const header = (
    <PageHeader
      title="Generated article"
      description={tools.stealthAiWriter.description}
      icon={tools.stealthAiWriter.icon}
    />
  );
  if (!historyId) {
    return (
      <div>
        {header}
        <p className="text-muted-foreground">
          Open an article from{' '}
          <Link to="/history" className="underline underline-offset-4">
            History
          </Link>
          , or{' '}
          <Link to="/stealth-ai-writer" className="underline underline-offset-4">
            write a new one
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div>
      {header}
      <StoredRun
        historyId={historyId}
        service="AI_WRITER"
        copy={copy}
        read={read}
        onNew={() => void navigate({ to: '/stealth-ai-writer' })}
      >
        {({ result }) => {
          const copyMarkdown = async () => {
            try {
              await navigator.clipboard.writeText(result.markdown);
              toast.success('Article copied as Markdown');
            } catch {
              toast.error('Could not copy. Select the text and copy it by hand.');
            }
          };
          const downloadMarkdown = () =>
            saveBlob(
              new Blob([result.markdown], { type: 'text/markdown;charset=utf-8' }),
              fileNameOf(result.title, 'md'),
            );
          const downloadDocx = () =>
            saveBlob(
              new Blob(
                [
                  docxBytes([
                    { kind: 'title', text: result.title },
                    ...result.sections.flatMap((section) => [
                      { kind: 'heading' as const, text: section.heading },
                      ...section.text
                        .split(/\n{2,}/)
                        .map((paragraph) => ({ kind: 'paragraph' as const, text: paragraph.replace(/\n/g, ' ') })),
                    ]),
                  ]),
                ],
                { type: DOCX_TYPE },
              ),
              fileNameOf(result.title, 'docx'),
            );
          return (
            <div className="space-y-4">
              <div className="flex flex-wrap gap-2" data-print-hide>
                <Button size="sm" variant="outline" onClick={() => void copyMarkdown()}>
                  <Copy /> Copy
                </Button>
                <Button size="sm" variant="outline" onClick={downloadMarkdown}>
                  <FileDown /> Markdown (.md)
                </Button>
                <Button size="sm" variant="outline" onClick={downloadDocx}>
                  <FileDown /> Word (.docx)
                </Button>
                <DownloadReportButton tool={AI_WRITER} historyId={historyId} title={result.title} />
                <Button
                  size="sm"
                  onClick={() => void humanize.start({ text: articleText(result) })}
                  disabled={humanize.isActive}
                >
                  {humanize.isActive ? <Spinner /> : <WandSparkles />}
                  {humanize.isActive ? (humanize.job?.progress.stage ?? 'Humanizing') : 'Humanize'}
                </Button>
                <Button size="sm" variant="outline" asChild>
                  <Link to="/stealth-ai-writer">
                    <Plus /> New article
                  </Link>
                </Button>
              </div>
              {humanize.error ? <StartError error={humanize.error} copy={{ ...copy, noun: 'rewrite' }} /> : null}
              <div className="grid gap-4 md:grid-cols-3">
                <Card>
                  <CardHeader>
                    <CardTitle className="text-base">Words</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="font-semibold text-2xl tabular-nums">{result.words.toLocaleString('en-US')}</p>
                    <p className="text-muted-foreground text-sm">
                      {result.language} · written by {result.generator.model ?? 'the built-in engine'}
                    </p>
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle className="text-base">AI Detector</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {result.ai_probability === null ? (
                      <p className="text-muted-foreground text-sm">Not checked: the AI Detector reads English only.</p>
                    ) : (
                      <>
                        <p className="font-semibold text-2xl tabular-nums">
                          {Math.round(result.ai_probability * 100)}%
                        </p>
                        <p className="text-muted-foreground text-sm">
                          likely AI · {labelWords[result.ai_label ?? ''] ?? '—'}. Humanize it to lower this.
                        </p>
                      </>
                    )}
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle className="text-base">For search engines</CardTitle>
                  </CardHeader>
                  <CardContent className="space-y-1 text-sm">
                    <p>
                      <span className="text-muted-foreground">Meta title: </span>
                      {result.meta_title}
                    </p>
                    <p>
                      <span className="text-muted-foreground">Meta description: </span>
                      {result.meta_description}
                    </p>
                  </CardContent>
                </Card>
              </div>
              {result.new_facts.length > 0 && (
                <Alert variant="info">
                  <Info />
                  <AlertTitle>Check these before publishing</AlertTitle>
                  <AlertDescription>
                    <p>The model wrote names and numbers the brief did not give: {result.new_facts.join(', ')}.</p>
                  </AlertDescription>
                </Alert>
              )}
              <Card>
                <CardContent>
                  <article className="prose-sm space-y-4" dir="auto">
                    <h2 className="font-bold text-2xl">{result.title}</h2>
                    {result.sections.map((section, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a stored article’s sections never reorder
                      <section key={`section-${index + 1}`} className="space-y-2">
                        <h3 className="font-semibold text-lg">{section.heading}</h3>
                        {section.text.split(/\n{2,}/).map((paragraph, p) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a stored article’s paragraphs never reorder
                          <p key={`paragraph-${p + 1}`} className="leading-relaxed">
                            {paragraph}
                          </p>
                        ))}
                      </section>
                    ))}
                  </article>
                </CardContent>
              </Card>
            </div>
          );
        }}
      </StoredRun>
    </div>
  );
}
