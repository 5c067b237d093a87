import type { VoiceWindow } from '@candor/contracts/tools';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { scoreColour } from '../lib/recording';

export interface WaveformHandle {
  /** Jumps to `seconds` and plays from there. */
  playFrom(seconds: number): void;
}

interface WaveformProps {
  audio: Blob;
  windows: readonly VoiceWindow[];
  /** The playback position, for the timeline's marker. */
  onTime?: (seconds: number) => void;
}

/**
 * The recording's waveform (wavesurfer.js) with each scored window laid over it in its colour, a spectrogram below
 * and a time axis; clicking a window plays it. Loaded with its page only (the route imports this lazily).
 */
export const Waveform = forwardRef<WaveformHandle, WaveformProps>(function Waveform({ audio, windows, onTime }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const spectrogram = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [playing, setPlaying] = useState(false);
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  });

  useImperativeHandle(ref, () => ({
    playFrom(seconds) {
      const ws = surfer.current;
      if (!ws) return;
      ws.setTime(seconds);
      void ws.play();
    },
  }));

  useEffect(() => {
    let cancelled = false;
    let instance: WaveSurfer | null = null;
    void (async () => {
      const [{ default: WaveSurferClass }, { default: Regions }, { default: Spectrogram }, { default: Timeline }] =
        await Promise.all([
          import('wavesurfer.js'),
          import('wavesurfer.js/plugins/regions'),
          import('wavesurfer.js/plugins/spectrogram'),
          import('wavesurfer.js/plugins/timeline'),
        ]);
      if (cancelled || !container.current || !spectrogram.current) return;
      const regions = Regions.create();
      instance = WaveSurferClass.create({
        container: container.current,
        height: 96,
        waveColor: '#94a3b8',
        progressColor: '#475569',
        cursorColor: '#0f172a',
        normalize: true,
        plugins: [
          regions,
          Timeline.create({ height: 16 }),
          Spectrogram.create({ container: spectrogram.current, height: 128, labels: true, fftSamples: 512 }),
        ],
      });
      surfer.current = instance;
      instance.on('timeupdate', (time) => onTimeRef.current?.(time));
      instance.on('play', () => setPlaying(true));
      instance.on('pause', () => setPlaying(false));
      instance.on('ready', () => {
        if (cancelled) return;
        // Windows overlap by half: each is drawn over its own first half, so the colours tile the recording.
        for (const [index, w] of windows.entries()) {
          const next = windows[index + 1];
          regions.addRegion({
            start: w.start,
            end: next ? Math.min(w.end, next.start) : w.end,
            color: `${scoreColour(w.synthetic_probability)}33`,
            drag: false,
            resize: false,
          });
        }
        setState('ready');
      });
      regions.on('region-clicked', (region, event) => {
        event.stopPropagation();
        instance?.setTime(region.start);
        void instance?.play();
      });
      try {
        await instance.loadBlob(audio);
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      instance?.destroy();
      surfer.current = null;
    };
  }, [audio, windows]);

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="inline-flex h-9 items-center rounded-md border px-3 font-medium text-sm hover:bg-accent disabled:opacity-50"
          disabled={state !== 'ready'}
          onClick={() => void surfer.current?.playPause()}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        {state === 'loading' && <span className="text-muted-foreground text-sm">Drawing the waveform…</span>}
        {state === 'failed' && (
          <span className="text-muted-foreground text-sm">
            This browser cannot play the recording; the scores stand.
          </span>
        )}
      </div>
      <div ref={container} data-testid="waveform" aria-label="Waveform with the scored windows" role="img" />
      <div ref={spectrogram} data-testid="spectrogram" aria-label="Spectrogram" role="img" />
    </div>
  );
});
