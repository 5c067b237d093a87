import { useQueryClient } from '@tanstack/react-query';
import CircleAlert from 'lucide-react/icons/circle-alert';
import FileAudio from 'lucide-react/icons/file-audio';
import Mic from 'lucide-react/icons/mic';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Square from 'lucide-react/icons/square';
import Upload from 'lucide-react/icons/upload';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { tools } from '@/config/navigation';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { useToolCoefficient } from '@/features/tool-runs/api/tool-cost';
import { RunningStage } from '@/features/tool-runs/components/running-stage';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { getErrorMessage } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { readVoiceRun, uploadRecording, VOICE_DETECTION, type VoiceUpload } from '../api/voice-run';
import {
  clock,
  measureDuration,
  megabytes,
  recordingProblem,
  VOICE_LIMITS,
  voiceAccept,
  voiceFormatList,
} from '../lib/recording';
import type { DeepfakeRun } from '../store';
import { useRecorder } from './use-recorder';

const voiceCopy: ToolRunCopy = {
  textLabel: 'Recording',
  submitLabel: 'Check recording',
  noun: 'check',
  verb: 'check',
  progressing: 'Checking',
};

interface UploadPageProps {
  /** The check finished: show its result. */
  onResult: (run: DeepfakeRun) => void;
}

/** `/vexon`: drop, pick or record a voice, then check which parts of it are synthetic. */
export function VoiceUploadPage({ onResult }: UploadPageProps) {
  const inputId = useId();
  const hintId = useId();
  const keepId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [keepAudio, setKeepAudio] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { coefficient } = useToolCoefficient(VOICE_DETECTION);
  const sent = useRef<VoiceUpload | null>(null);

  const run = useToolJob<VoiceUpload>(
    VOICE_DETECTION,
    {
      onSucceeded: async (job) => {
        if (!job.history_id) return;
        try {
          const detail = await queryClient.fetchQuery(historyDetailQueryOptions(job.history_id));
          const stored = detail ? readVoiceRun(detail) : null;
          const upload = sent.current;
          if (!stored) throw new Error('The result could not be read.');
          // After a reload the recording is gone from memory: the stored run opens from History instead.
          onResult({
            result: stored.result,
            audio: upload?.file ?? new Blob([]),
            historyId: job.history_id,
            fileName: stored.fileName,
          });
        } catch (error) {
          setProblem(getErrorMessage(error));
        }
      },
      onFailed: (job) => setProblem(job.error?.message ?? 'The check failed. Nothing was charged.'),
    },
    (input) => {
      sent.current = input;
      return uploadRecording(input);
    },
  );

  const choose = (chosen: File) => {
    setProblem(null);
    run.clearError();
    const refusal = recordingProblem(chosen);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setFile(chosen);
    setSeconds(null);
    void measureDuration(chosen).then(setSeconds);
  };
  const recorder = useRecorder(choose);

  useEffect(() => {
    if (fileInput.current) fileInput.current.value = '';
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  const submit = () => {
    if (!file) return;
    setProblem(null);
    void run.start({ file, fileName: file.name, keepAudio });
  };

  const header = (
    <PageHeader
      title={tools.deepfakeAudio.title}
      description="Find out which parts of a recording are a synthetic voice, window by window."
      icon={tools.deepfakeAudio.icon}
    />
  );

  if (run.isActive || run.isResuming || run.job?.status === 'succeeded') {
    return (
      <div>
        {header}
        <RunningStage
          copy={voiceCopy}
          job={run.job}
          title={file?.name ?? 'your recording'}
          onCancel={() => void run.cancel()}
          isCancelling={run.isCancelling}
        />
      </div>
    );
  }

  const error = problem ?? (run.error ? getErrorMessage(run.error) : null);
  const estimate = seconds !== null && coefficient !== undefined ? Math.ceil(seconds) * coefficient : null;

  return (
    <div>
      {header}
      <div className="space-y-6">
        <Card className="gap-0 py-0">
          <CardContent className="space-y-4 p-4 sm:p-6">
            <section
              aria-label="Drop a recording here"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex flex-col items-center justify-center gap-4 rounded-lg border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-12',
                dragging ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Upload className="size-6" aria-hidden="true" />
              </span>
              <div className="space-y-1">
                <p className="font-medium text-base">
                  {dragging ? 'Drop the recording to choose it' : 'Drop a recording here'}
                </p>
                <p id={hintId} className="text-muted-foreground text-sm">
                  {voiceFormatList} · up to {megabytes(VOICE_LIMITS.maxFileBytes)} MB and {VOICE_LIMITS.maxSeconds / 60}{' '}
                  minutes, at least {VOICE_LIMITS.minSeconds} second
                </p>
              </div>
              <div className="flex flex-wrap items-center justify-center gap-3">
                <input
                  ref={fileInput}
                  id={inputId}
                  type="file"
                  accept={voiceAccept}
                  className="peer sr-only"
                  aria-describedby={hintId}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    if (chosen) choose(chosen);
                    event.target.value = '';
                  }}
                />
                <label
                  htmlFor={inputId}
                  className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary px-6 font-medium text-primary-foreground text-sm shadow-xs hover:bg-primary/90 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
                >
                  Choose a recording
                </label>
                {recorder.state.status === 'recording' ? (
                  <Button variant="destructive" onClick={recorder.stop}>
                    <Square aria-hidden="true" /> Stop recording ({clock(recorder.state.seconds)})
                  </Button>
                ) : (
                  <Button variant="outline" onClick={() => void recorder.start()}>
                    <Mic aria-hidden="true" /> Record from the microphone
                  </Button>
                )}
              </div>
              {recorder.state.status === 'unavailable' && (
                <p className="text-destructive text-sm">{recorder.state.reason}</p>
              )}
            </section>

            {file && (
              <div className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:flex-row sm:items-center">
                <FileAudio className="size-8 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="break-all font-medium" data-testid="chosen-recording">
                    {file.name}
                  </p>
                  <p className="text-muted-foreground text-sm">
                    {(file.size / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KB
                    {seconds !== null && ` · ${clock(seconds, true)}`}
                    {estimate !== null && ` · about ${formatTokens(estimate)} tokens`}
                  </p>
                  <label htmlFor={keepId} className="flex items-center gap-2 text-sm">
                    <input
                      id={keepId}
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={keepAudio}
                      onChange={(event) => setKeepAudio(event.target.checked)}
                    />
                    Keep the recording in History, to replay it with its scores later
                  </label>
                </div>
                <Button onClick={submit} disabled={run.isStarting}>
                  {voiceCopy.submitLabel}
                </Button>
              </div>
            )}

            <div aria-live="polite" className="empty:hidden">
              {error && (
                <Alert variant="destructive">
                  <CircleAlert />
                  <AlertTitle>This recording could not be checked</AlertTitle>
                  <AlertDescription>
                    <p>{error}</p>
                  </AlertDescription>
                </Alert>
              )}
            </div>
          </CardContent>
        </Card>

        <p className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/5 p-3 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            <span className="font-medium">The recording is scored in 4-second windows</span> by a model of the voice's
            spectrum, pitch and phase and by AASIST-L, an anti-spoofing network. History keeps the scores; the recording
            only if you ask.
            {coefficient !== undefined &&
              ` A check costs ${coefficient} ${coefficient === 1 ? 'token' : 'tokens'} per second of audio; a refused file costs nothing.`}
          </span>
        </p>
      </div>
    </div>
  );
}
