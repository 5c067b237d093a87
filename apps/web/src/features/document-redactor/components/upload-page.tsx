import CircleAlert from 'lucide-react/icons/circle-alert';
import EyeOff from 'lucide-react/icons/eye-off';
import FileSearch from 'lucide-react/icons/file-search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Upload from 'lucide-react/icons/upload';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { tools } from '@/config/navigation';
import { useToolCoefficient } from '@/features/tool-runs/api/tool-cost';
import { RunningStage } from '@/features/tool-runs/components/running-stage';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { DOCUMENT_REDACTION, useAnalyseDocument } from '../api/document-analysis';
import { redactionCopy } from '../lib/copy';
import { megabytes, REDACTOR_LIMITS, redactorAccept, redactorFileProblem, redactorFormatList } from '../lib/upload';
import { type RedactorDocument, redactorStore } from '../store';

const steps = [
  {
    icon: FileSearch,
    title: 'We read it and find personal data',
    text: 'Names, contact details, card and account numbers, IDs, secrets. Reading is free.',
  },
  {
    icon: EyeOff,
    title: 'You choose what goes',
    text: 'Start from a policy such as GDPR or HIPAA, then add or keep anything, or select text yourself.',
  },
  {
    icon: ShieldCheck,
    title: 'The text is removed, then checked',
    text: 'Redacted text is taken out of the file, not just covered, and the new file is searched for every value.',
  },
] as const;

interface UploadPageProps {
  /** The document was read: go on to choose what to redact. */
  onAnalysed: (document: RedactorDocument) => void;
  /** A redaction that was running before a reload finished: show it. */
  onShowRun: (historyId: string) => void;
}

/** `/document-redactor`: choose a document; it is read for personal data, then the options screen opens. */
export function UploadPage({ onAnalysed, onShowRun }: UploadPageProps) {
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState<File | null>(null);
  const abort = useRef<AbortController | null>(null);
  const analyse = useAnalyseDocument();
  const { coefficient } = useToolCoefficient(DOCUMENT_REDACTION);
  // A redaction started before a reload is followed here, since the options screen needs the file in memory.
  const run = useToolJob(DOCUMENT_REDACTION, {
    onSucceeded: (job) => {
      if (job.history_id) onShowRun(job.history_id);
    },
  });

  useEffect(() => () => abort.current?.abort(), []);

  const read = async (file: File) => {
    setProblem(null);
    const refusal = redactorFileProblem(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setReading(file);
    try {
      const analysis = await analyse.mutateAsync({ file, signal: controller.signal });
      const document = { file, analysis };
      redactorStore.setDocument(document);
      onAnalysed(document);
    } catch (error) {
      if (!controller.signal.aborted) setProblem(getErrorMessage(error));
    } finally {
      if (abort.current === controller) abort.current = null;
      setReading(null);
      // The same file can be chosen again after a fix.
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !reading) void read(file);
  };

  const header = (
    <PageHeader
      title={tools.documentRedactor.title}
      description="Remove personal data from PDFs, Word documents, text files and scans, and prove it is gone."
      icon={tools.documentRedactor.icon}
    />
  );

  if (run.isActive || run.isResuming || run.job?.status === 'succeeded') {
    return (
      <div>
        {header}
        <RunningStage
          copy={redactionCopy}
          job={run.job}
          title="your document"
          onCancel={() => void run.cancel()}
          isCancelling={run.isCancelling}
        />
      </div>
    );
  }

  return (
    <div>
      {header}
      <div className="space-y-6">
        <Card className="gap-0 py-0">
          <CardContent className="p-4 sm:p-6">
            <section
              aria-label="Drop a document here"
              onDragOver={(event) => {
                event.preventDefault();
                if (!reading) setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'relative flex flex-col items-center justify-center gap-4 rounded-lg border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-14',
                dragging ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              {reading ? (
                <div className="flex w-full max-w-md flex-col items-center gap-3" role="status" aria-live="polite">
                  <Spinner className="size-8 text-primary" />
                  <p className="font-medium">
                    Reading <span className="break-all">{reading.name}</span>…
                  </p>
                  <p className="text-muted-foreground text-sm">
                    Extracting its text, drawing the pages and looking for personal data. Long PDFs and scanned images
                    take longer.
                  </p>
                  <Button variant="outline" size="sm" onClick={() => abort.current?.abort()}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <>
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Upload className="size-6" aria-hidden="true" />
                  </span>
                  <div className="space-y-1">
                    <p className="font-medium text-base">
                      {dragging ? 'Drop the document to read it' : 'Drop a document here'}
                    </p>
                    <p id={hintId} className="text-muted-foreground text-sm">
                      {redactorFormatList} · up to {megabytes(REDACTOR_LIMITS.maxFileBytes)} MB and{' '}
                      {REDACTOR_LIMITS.maxPages} pages
                    </p>
                  </div>
                  <input
                    ref={fileInput}
                    id={inputId}
                    type="file"
                    accept={redactorAccept}
                    className="peer sr-only"
                    aria-describedby={hintId}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) void read(file);
                    }}
                  />
                  <label
                    htmlFor={inputId}
                    className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary px-6 font-medium text-primary-foreground text-sm shadow-xs hover:bg-primary/90 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
                  >
                    Choose a document
                  </label>
                </>
              )}
            </section>
            <div aria-live="polite" className="empty:hidden">
              {problem && (
                <Alert variant="destructive" className="mt-4">
                  <CircleAlert />
                  <AlertTitle>The document could not be read</AlertTitle>
                  <AlertDescription>
                    <p>{problem}</p>
                  </AlertDescription>
                </Alert>
              )}
            </div>
          </CardContent>
        </Card>

        <section aria-labelledby={`${inputId}-how`} className="space-y-3">
          <h2 id={`${inputId}-how`} className="font-semibold text-base">
            What happens to your document
          </h2>
          <ol className="grid gap-3 sm:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="flex gap-3 rounded-lg border bg-card p-4">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <div className="space-y-1">
                  <p className="font-medium text-sm">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </p>
                  <p className="text-muted-foreground text-sm">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/5 p-3 text-sm">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              <span className="font-medium">Your original is never stored.</span> It is read in memory and forgotten;
              your history keeps only the redacted file and where each redaction was, never the values removed.
              {coefficient !== undefined &&
                ` Redacting costs ${coefficient} ${coefficient === 1 ? 'token' : 'tokens'} per word.`}
            </span>
          </p>
        </section>
      </div>
    </div>
  );
}
