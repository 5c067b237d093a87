import type { VoiceDetectionResult, VoiceWindow } from '@candor/contracts/tools';
import FileJson from 'lucide-react/icons/file-json';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { tools } from '@/config/navigation';
import { DownloadReportButton } from '@/features/tool-runs/components/download-report-button';
import { saveJson } from '@/lib/download';
import { cn } from '@/lib/utils';
import { VOICE_DETECTION } from '../api/voice-run';
import { clock, scoreColour, verdictWords } from '../lib/recording';
import type { WaveformHandle } from './waveform';

// wavesurfer.js loads with this screen only.
const Waveform = lazy(() => import('./waveform').then((module) => ({ default: module.Waveform })));

export interface VoiceResultProps {
  result: VoiceDetectionResult;
  /** The recording, when this tab has it (just checked) or History kept it; null otherwise. */
  audio: Blob | null;
  historyId: string;
  fileName: string;
  onCheckAnother: () => void;
}

const percent = (p: number) => `${Math.round(p * 100)}%`;
const verdictTone = {
  real: 'border-success/40 bg-success/5',
  synthetic: 'border-destructive/40 bg-destructive/5',
  uncertain: 'border-warning/40 bg-warning/5',
} as const;

/** `/vexon/result`: the verdict, the recording with its windows coloured by score, and the evidence behind them. */
export function VoiceResultPage({ result, audio, historyId, fileName, onCheckAnother }: VoiceResultProps) {
  const player = useRef<WaveformHandle>(null);
  const [time, setTime] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const playable = audio !== null && audio.size > 0;
  const agreeing = Math.round(result.consistency * result.windows.length);
  const suspicious = useMemo(
    () =>
      result.windows
        .map((w, index) => ({ w, index }))
        .filter(({ w }) => w.synthetic_probability >= 0.5 && w.features.length > 0)
        .sort((a, b) => b.w.synthetic_probability - a.w.synthetic_probability)
        .slice(0, 3),
    [result.windows],
  );

  const jumpTo = (index: number) => {
    const w = result.windows[index];
    if (!w) return;
    setSelected(index);
    setTime(w.start);
    player.current?.playFrom(w.start);
  };

  return (
    <div className="space-y-6">
      <PageHeader title={tools.deepfakeAudio.title} description={fileName} icon={tools.deepfakeAudio.icon} />

      <Card className={cn('border-2', verdictTone[result.label])} data-testid="voice-verdict">
        <CardHeader>
          <CardTitle className="text-xl">
            <h2>{verdictWords[result.label]}</h2>
          </CardTitle>
          <CardDescription>{result.summary}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <dl className="grid gap-3 sm:grid-cols-4">
            <Fact term="Probability synthetic" value={percent(result.synthetic_probability)} />
            <Fact term="Confidence" value={percent(result.confidence)} />
            <Fact term="Windows agreeing" value={`${agreeing} of ${result.windows.length}`} />
            <Fact
              term="Length"
              value={`${clock(result.duration_seconds, true)} (${result.billed_seconds} s charged)`}
            />
          </dl>
          {result.reasons.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {result.reasons.map((reason) => (
                <li key={reason.code}>{reason.message}</li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            <DownloadReportButton tool={VOICE_DETECTION} historyId={historyId} title={fileName} />
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                saveJson({ file_name: fileName, history_id: historyId, ...result }, `${fileName}-voice.json`)
              }
            >
              <FileJson /> Download JSON
            </Button>
            <Button size="sm" variant="outline" onClick={onCheckAnother}>
              <RotateCcw /> Check another recording
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Window by window</h2>
          </CardTitle>
          <CardDescription>
            Each 4-second window is coloured by its probability of a synthetic voice: green real, amber unsure, red
            synthetic. {playable ? 'Click a window to play it.' : 'The recording was not kept, so it cannot be played.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {playable && (
            <Suspense fallback={<p className="text-muted-foreground text-sm">Loading the player…</p>}>
              <Waveform ref={player} audio={audio} windows={result.windows} onTime={setTime} />
            </Suspense>
          )}
          <Timeline
            windows={result.windows}
            duration={result.duration_seconds}
            time={playable ? time : null}
            onPick={jumpTo}
          />
          <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Scored windows">
            {result.windows.map((w, index) => (
              <li key={`${w.start}-${w.end}`}>
                <button
                  type="button"
                  onClick={() => jumpTo(index)}
                  aria-pressed={selected === index}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md border p-2 text-left text-sm hover:bg-accent',
                    selected === index && 'ring-2 ring-ring',
                  )}
                >
                  <span
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: scoreColour(w.synthetic_probability) }}
                    aria-hidden="true"
                  />
                  <span className="tabular-nums">
                    {clock(w.start, true)}–{clock(w.end, true)}
                  </span>
                  <span className="ml-auto font-medium tabular-nums">
                    {percent(w.synthetic_probability)} <span className="sr-only">synthetic</span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Behind the most synthetic windows</h2>
          </CardTitle>
          <CardDescription>
            The measurements that pushed each window furthest towards "synthetic", in standard deviations from the
            training recordings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {suspicious.length === 0 ? (
            <p className="text-sm">No window scored synthetic.</p>
          ) : (
            <ul className="space-y-4">
              {suspicious.map(({ w, index }) => (
                <li key={index} className="space-y-1">
                  <button
                    type="button"
                    className="font-medium text-sm underline-offset-2 hover:underline"
                    onClick={() => jumpTo(index)}
                  >
                    {clock(w.start, true)}–{clock(w.end, true)} · {percent(w.synthetic_probability)} synthetic
                  </button>
                  <ul className="list-disc pl-5 text-muted-foreground text-sm">
                    {w.features.map((feature) => (
                      <li key={feature.name}>
                        {feature.label}: {feature.z > 0 ? '+' : ''}
                        {feature.z.toFixed(1)} σ
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 text-muted-foreground text-xs">
            Scored by{' '}
            {result.scorers.aasist ? 'the feature model and AASIST-L, calibrated together' : 'the feature model'} (
            {result.scorers.model}). A probability, not proof: see the model card for what it was trained on.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-md border bg-card p-3">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}

/** The windows as coloured bars along the recording's length, with the playback position. */
function Timeline({
  windows,
  duration,
  time,
  onPick,
}: {
  windows: readonly VoiceWindow[];
  duration: number;
  time: number | null;
  onPick: (index: number) => void;
}) {
  const total = Math.max(duration, 0.001);
  return (
    <div className="relative h-12 w-full overflow-hidden rounded-md border bg-muted/40" data-testid="voice-timeline">
      {windows.map((w, index) => {
        const next = windows[index + 1];
        const end = next ? Math.min(w.end, next.start) : w.end;
        return (
          <button
            type="button"
            key={`${w.start}-${w.end}`}
            title={`${clock(w.start, true)}–${clock(w.end, true)}: ${percent(w.synthetic_probability)} synthetic`}
            aria-label={`Window ${clock(w.start, true)} to ${clock(w.end, true)}, ${percent(w.synthetic_probability)} synthetic`}
            onClick={() => onPick(index)}
            className="absolute bottom-0 border-background border-r"
            style={{
              left: `${(w.start / total) * 100}%`,
              width: `${((end - w.start) / total) * 100}%`,
              height: `${Math.max(15, w.synthetic_probability * 100)}%`,
              backgroundColor: scoreColour(w.synthetic_probability),
            }}
          />
        );
      })}
      {time !== null && (
        <span
          className="pointer-events-none absolute top-0 bottom-0 w-0.5 bg-foreground"
          style={{ left: `${Math.min(100, (time / total) * 100)}%` }}
          aria-hidden="true"
          data-testid="playhead"
          data-time={time.toFixed(2)}
        />
      )}
    </div>
  );
}
