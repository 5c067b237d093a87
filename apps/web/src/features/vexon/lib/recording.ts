import { VOICE_LIMITS, voiceFormats } from '@candor/contracts/tools';

export { VOICE_LIMITS };

export const voiceAccept = [...voiceFormats.map((f) => f.extension), 'audio/*'].join(',');
export const voiceFormatList = 'WAV, MP3, OGG/Opus, FLAC, M4A/AAC or WebM';
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Why a chosen file can't be sent, before it is uploaded; null when it can. */
export function recordingProblem(file: File): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > VOICE_LIMITS.maxFileBytes) {
    return `${file.name} is larger than ${megabytes(VOICE_LIMITS.maxFileBytes)} MB, the most one check reads. Cut it or save it as MP3 or M4A.`;
  }
  return null;
}

/** "1:05" for 65 seconds; tenths under a minute when asked ("0:04.5"). */
export function clock(seconds: number, tenths = false): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  const text = tenths ? rest.toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return `${minutes}:${text}`;
}

/** The colour of a window's score: the same bands as the PDF report (red synthetic, amber unsure, green real). */
export function scoreColour(probability: number): string {
  if (probability >= 0.65) return '#dc2626';
  if (probability <= 0.35) return '#16a34a';
  return '#d97706';
}

export const verdictWords = {
  real: 'Likely a real voice',
  synthetic: 'Likely a synthetic voice',
  uncertain: 'Uncertain',
} as const;

/** The browser's length of a recording, read from its metadata; null when it can't tell. */
export function measureDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}
