import { type ExtractedText, TOOL_LIMITS, type ToolId } from '@candor/contracts/tools';
import CircleAlert from 'lucide-react/icons/circle-alert';
import FileText from 'lucide-react/icons/file-text';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import {
  type Dispatch,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
  useId,
  useRef,
  useState,
} from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { extractToolText } from '../api/tool-jobs';
import type { ToolRunCopy } from '../lib/copy';
import { type Draft, isSameDocument, withText } from '../lib/draft';
import { acceptedFiles, fileProblem, megabytes, uploadFormatList } from '../lib/upload';
import { RunCostEstimate, useRunQuote } from './run-cost-estimate';
import { RunFailure, type RunFailureReason, StartError } from './start-error';

const number = (value: number) => value.toLocaleString('en-US');
/** English prose averages about six characters a word, spaces included. */
const approximateWords = (characters: number) => Math.round(characters / 6 / 1000) * 1000;

/** What a tool's own inputs under the editor are given (see `ToolRunInput.render`). */
export interface ToolInputSlotProps<D extends Draft> {
  draft: D;
  /** Takes an update function too, so an input that finishes reading a file later builds on the latest draft. */
  onDraftChange: Dispatch<SetStateAction<D>>;
  /** A run is starting: the inputs stay as they are. */
  disabled: boolean;
  /** Why the run must wait for the inputs ("Wait until notes.pdf is read"), or null once they are ready. */
  onPendingChange: (reason: string | null) => void;
  /** Why the last run failed, so an input can point at its own part (the web address that could not be read). */
  failure: RunFailureReason | null;
}

interface TextInputStageProps<D extends Draft> {
  tool: ToolId;
  copy: ToolRunCopy;
  draft: D;
  onDraftChange: Dispatch<SetStateAction<D>>;
  onSubmit: () => void;
  isStarting: boolean;
  /** Why the last start failed, shown under the editor. */
  startError: unknown;
  /** Why the last run failed (the job's own error). */
  failure: RunFailureReason | null;
  /** Why the text cannot be sent as it is (the tool's own input rule), or null. */
  textProblem?: (text: string) => string | null;
  /** The tool's own inputs, under the editor. */
  renderInput?: (props: ToolInputSlotProps<D>) => ReactNode;
  /** Why the whole draft cannot be sent yet, said beside the disabled start button; null when it can. */
  blocker?: (draft: D) => string | null;
}

/** The editor of a text tool: paste or type, upload or drop a file, see the word count and cost, start a run. */
export function TextInputStage<D extends Draft>({
  tool,
  copy,
  draft,
  onDraftChange,
  onSubmit,
  isStarting,
  startError,
  failure,
  textProblem,
  renderInput,
  blocker,
}: TextInputStageProps<D>) {
  const limits = TOOL_LIMITS[tool];
  const textId = useId();
  const limitsId = useId();
  const counterId = useId();
  const estimateId = useId();
  const refusalId = useId();
  const problemId = useId();
  const fileInputId = useId();
  const blockerId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [extracting, setExtracting] = useState<string | null>(null);
  const [extracted, setExtracted] = useState<ExtractedText | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [inputPending, setInputPending] = useState<string | null>(null);

  const length = draft.text.length;
  const tooLong = length > limits.maxCharacters;
  const problem = draft.text.trim().length > 0 && !tooLong ? (textProblem?.(draft.text) ?? null) : null;
  const quote = useRunQuote(tool, draft.text);
  const refusal = tooLong || problem ? null : quote.refusal;
  const blocked = inputPending ?? blocker?.(draft) ?? null;
  const canSubmit =
    draft.text.trim().length > 0 && !tooLong && !problem && !refusal && !blocked && !extracting && !isStarting;

  const upload = async (file: File) => {
    setUploadError(null);
    const refusal = fileProblem(file, limits.maxFileBytes);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    setExtracting(file.name);
    try {
      const result = await extractToolText(tool, file);
      setExtracted(result);
      onDraftChange((current) => withText(current, result.text, result.file_name));
    } catch (error) {
      setUploadError(getErrorMessage(error));
    } finally {
      setExtracting(null);
      // The same file can be chosen again after a fix (or a failed read).
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (canSubmit) onSubmit();
    }
  };

  return (
    <Card className="gap-4">
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={textId} className="text-base">
            {copy.textLabel}
          </Label>
          <p
            id={counterId}
            className={cn('text-muted-foreground text-xs tabular-nums', tooLong && 'font-medium text-destructive')}
          >
            {number(length)} / {number(limits.maxCharacters)}
            <span className="sr-only"> characters</span>
          </p>
        </div>
        {/* Dropping a file anywhere on the editor reads it, like the upload button. */}
        <section
          aria-label="Drop a file to upload it"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn('relative rounded-md', dragging && 'ring-2 ring-primary ring-offset-2 ring-offset-background')}
        >
          <Textarea
            id={textId}
            value={draft.text}
            onChange={(event) => {
              const text = event.target.value;
              const keepsFile = draft.fileName && isSameDocument(draft.text, text);
              onDraftChange(withText(draft, text, keepsFile ? draft.fileName : undefined));
            }}
            onKeyDown={onKeyDown}
            placeholder="Paste or type your text here, or drop a file."
            // Right-to-left text (Arabic, Hebrew) lays out from the right, as typed.
            dir="auto"
            aria-describedby={[counterId, estimateId, problem ? problemId : null, refusal ? refusalId : null, limitsId]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={tooLong || Boolean(problem) || refusal?.kind === 'over_plan_limit' || undefined}
            disabled={Boolean(extracting)}
            readOnly={isStarting}
            // What is left of the viewport after the page's chrome (about 31rem), so the start button shows on a
            // laptop screen without scrolling; never shorter than 16rem nor taller than 28rem.
            className="field-sizing-fixed h-[clamp(16rem,calc(100dvh_-_31rem),28rem)] min-h-64 resize-y font-serif text-base leading-relaxed md:text-base"
          />
          {dragging && (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-md bg-primary/10 font-medium text-primary">
              Drop the file to read its text
            </div>
          )}
        </section>
        {tooLong && (
          <p className="font-medium text-destructive text-sm">
            The text is {number(length - limits.maxCharacters)} characters over the limit. Shorten it to {copy.verb} it.
          </p>
        )}
        {problem && (
          <p id={problemId} className="font-medium text-destructive text-sm">
            {problem}
          </p>
        )}
        <RunCostEstimate
          quote={quote}
          copy={copy}
          textRefused={tooLong || Boolean(problem)}
          id={estimateId}
          refusalId={refusalId}
        />
        <p id={limitsId} className="text-muted-foreground text-xs">
          Up to {number(limits.maxCharacters)} characters (about {number(approximateWords(limits.maxCharacters))} words)
          per {copy.noun}; your plan may allow fewer words per run.
          {/* A touch screen has no keyboard shortcut to offer. */}
          <span className="max-sm:hidden pointer-coarse:hidden">
            {' '}
            Press Ctrl+Enter (⌘+Enter on a Mac) to {copy.verb}.
          </span>
        </p>

        <div className="flex flex-col gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1 text-sm">
            <p className="font-medium">Or upload a document</p>
            <p className="text-muted-foreground text-xs">
              {uploadFormatList} · up to {megabytes(limits.maxFileBytes)} MB and {limits.maxPages} pages. Scanned PDFs
              without a text layer cannot be read.
            </p>
          </div>
          <div className="shrink-0">
            <input
              ref={fileInput}
              id={fileInputId}
              type="file"
              accept={acceptedFiles}
              className="peer sr-only"
              disabled={Boolean(extracting)}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Label
              htmlFor={fileInputId}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border bg-background px-4 font-medium text-sm shadow-xs hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 dark:border-input dark:bg-input/30',
              )}
            >
              {extracting ? <Spinner /> : <Upload className="size-4" aria-hidden="true" />}
              Upload a file
            </Label>
          </div>
        </div>

        <div aria-live="polite" className="space-y-3 empty:hidden">
          {extracting && (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner /> Reading {extracting}…
            </p>
          )}
          {uploadError && (
            <Alert variant="destructive">
              <CircleAlert />
              <AlertTitle>The file could not be read</AlertTitle>
              <AlertDescription>
                <p>{uploadError}</p>
              </AlertDescription>
            </Alert>
          )}
        </div>
        {draft.fileName && !extracting && (
          <div className="flex items-center gap-2 text-sm">
            <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="truncate" dir="auto">
              {draft.fileName}
              {extracted?.file_name === draft.fileName && extracted.pages !== null && (
                <span className="text-muted-foreground">
                  {' '}
                  · {number(extracted.pages)} {extracted.pages === 1 ? 'page' : 'pages'}
                </span>
              )}
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Stop using ${draft.fileName} as the title`}
              title="Stop using the file name as the title"
              onClick={() => onDraftChange(withText(draft, draft.text))}
            >
              <X />
            </Button>
          </div>
        )}

        {renderInput?.({ draft, onDraftChange, disabled: isStarting, onPendingChange: setInputPending, failure })}

        {failure && <RunFailure reason={failure} copy={copy} />}
        {startError ? <StartError error={startError} copy={copy} /> : null}

        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
          {blocked && !isStarting && (
            <p id={blockerId} className="text-muted-foreground text-sm">
              {blocked}
            </p>
          )}
          <Button
            size="lg"
            onClick={onSubmit}
            disabled={!canSubmit}
            aria-describedby={
              [refusal ? refusalId : null, blocked && !isStarting ? blockerId : null].filter(Boolean).join(' ') ||
              undefined
            }
          >
            {isStarting && <Spinner />}
            {copy.submitLabel}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
