/** What one voice check takes in (issue 29). The server enforces these; the screens show them. */
export const VOICE_LIMITS = {
  /** Size of one uploaded recording. */
  maxFileBytes: 50 * 1024 * 1024,
  /** Longest recording checked in one run; longer ones are refused before anything is charged. */
  maxSeconds: 600,
  /** Shortest recording worth a verdict. */
  minSeconds: 1,
} as const;

/** Formats the decoder reads, as the screens list them. */
export const voiceFormats = [
  { extension: '.wav', label: 'WAV' },
  { extension: '.mp3', label: 'MP3' },
  { extension: '.ogg', label: 'OGG (Vorbis, Opus)' },
  { extension: '.opus', label: 'Opus' },
  { extension: '.flac', label: 'FLAC' },
  { extension: '.m4a', label: 'M4A (AAC)' },
  { extension: '.aac', label: 'AAC' },
  { extension: '.webm', label: 'WebM (browser recordings)' },
] as const;

/** Seconds a run is charged for: every started second of the decoded audio. */
export const billedSeconds = (durationSeconds: number) => Math.max(1, Math.ceil(durationSeconds - 1e-9));
