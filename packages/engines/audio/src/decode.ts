import decode from 'audio-decode';
import { VOICE_LIMITS } from './limits.js';
import { checkMp4Bounds } from './mp4-bounds.js';
import { resample } from './resample.js';
import { sniffAudio } from './sniff.js';

/** Sample rate every scorer reads. */
export const ANALYSIS_RATE = 16_000;

/** A recording the engine will not score, and why, in words the user reads (the server answers with `status`). */
export class AudioRefusal extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AudioRefusal';
  }
}

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'opus' | 'flac' | 'm4a' | 'aac' | 'webm';

export interface DecodedAudio {
  /** Mono, 16 kHz, in [-1, 1]. */
  samples: Float32Array;
  sampleRate: typeof ANALYSIS_RATE;
  /** Seconds of audio decoded (what a run is charged for). */
  duration: number;
  format: AudioFormat;
  sourceSampleRate: number;
  channels: number;
}

export interface DecodeLimits {
  maxSeconds: number;
  minSeconds: number;
}

// audio-type's names → the codec audio-decode loads, for the formats we accept.
const codecs: Record<string, { format: AudioFormat; codec: string }> = {
  wav: { format: 'wav', codec: 'wav' },
  mp3: { format: 'mp3', codec: 'mp3' },
  oga: { format: 'ogg', codec: 'oga' },
  opus: { format: 'opus', codec: 'opus' },
  flac: { format: 'flac', codec: 'flac' },
  m4a: { format: 'm4a', codec: 'm4a' },
  aac: { format: 'aac', codec: 'aac' },
  webm: { format: 'webm', codec: 'webm' },
  mkv: { format: 'webm', codec: 'webm' },
};

// Small chunks bound what one decoder call can expand to (a silent AAC frame is a few bytes for 1,024 samples).
const CHUNK_BYTES = 8 * 1024;
const SILENCE_DBFS = -50;
const MIN_ACTIVE_SECONDS = 0.5;

const seconds = (s: number) => (s < 10 ? s.toFixed(1) : Math.round(s).toLocaleString('en-US'));

export const notAudio = () =>
  new AudioRefusal(
    415,
    'not_audio',
    'This file is not audio Candor can read. Upload a WAV, MP3, OGG/Opus, FLAC, M4A/AAC or WebM recording.',
  );

/**
 * Decodes a recording to 16 kHz mono within the limits: what is not audio, too long, too short, truncated or silent is
 * refused with the reason. Decoding streams in small chunks and stops as soon as the audio is too long, so a file that
 * unpacks to hours of audio costs no more than the limit.
 */
export async function decodeAudio(bytes: Uint8Array, limits: DecodeLimits = VOICE_LIMITS): Promise<DecodedAudio> {
  const type = bytes.length >= 12 ? sniffAudio(bytes) : undefined;
  const entry = type ? codecs[type] : undefined;
  if (!entry) throw notAudio();
  if (entry.format === 'wav') checkWavComplete(bytes);
  if (entry.format === 'm4a') checkMp4Bounds(bytes, limits.maxSeconds);

  const parts: Float32Array[] = [];
  let total = 0;
  let sourceRate = 0;
  let channels = 0;
  const take = (result: { channelData: Float32Array[]; sampleRate: number }) => {
    const data = result.channelData;
    if (!data.length || !data[0]?.length) return;
    if (sourceRate && result.sampleRate !== sourceRate) throw damaged();
    sourceRate = result.sampleRate;
    channels = Math.max(channels, data.length);
    parts.push(downmix(data));
    total += (data[0] as Float32Array).length;
    if (total / sourceRate > limits.maxSeconds + 0.5) throw tooLong(limits.maxSeconds);
  };

  const decoders = decode as unknown as Record<
    string,
    () => Promise<(chunk?: Uint8Array) => Promise<{ channelData: Float32Array[]; sampleRate: number }>>
  >;
  let feed: Awaited<ReturnType<NonNullable<(typeof decoders)[string]>>> | undefined;
  try {
    feed = await (decoders[entry.codec] as () => Promise<NonNullable<typeof feed>>)();
    for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
      take(await feed(bytes.subarray(offset, offset + CHUNK_BYTES)));
    }
    const rest = feed;
    feed = undefined;
    take(await rest());
  } catch (error) {
    if (error instanceof AudioRefusal) throw error;
    throw damaged();
  } finally {
    // A decoder left open on a refusal still holds its WebAssembly memory.
    if (feed) await feed().catch(() => undefined);
  }
  if (!total || !sourceRate) throw damaged();

  const duration = total / sourceRate;
  if (duration < limits.minSeconds) {
    throw new AudioRefusal(
      422,
      'too_short',
      `This recording is ${seconds(duration)} s long; at least ${limits.minSeconds} s of audio is needed to judge a voice.`,
    );
  }
  const mono = concat(parts, total);
  const samples = resample(mono, sourceRate, ANALYSIS_RATE);
  if (activeSeconds(samples, ANALYSIS_RATE) < MIN_ACTIVE_SECONDS) {
    throw new AudioRefusal(
      422,
      'silent',
      `This recording is silent: nothing in its ${seconds(duration)} s is louder than ${SILENCE_DBFS} dBFS, so there is no voice to check.`,
    );
  }
  return { samples, sampleRate: ANALYSIS_RATE, duration, format: entry.format, sourceSampleRate: sourceRate, channels };
}

const damaged = () =>
  new AudioRefusal(
    422,
    'unreadable_audio',
    'This recording is damaged or cut short, so it cannot be decoded. Export it again and upload the whole file.',
  );

const tooLong = (maxSeconds: number) =>
  new AudioRefusal(
    413,
    'too_long',
    `This recording is longer than ${maxSeconds / 60} minutes, the most one check takes. Cut it into shorter parts.`,
  );

/** A WAV whose data chunk announces more bytes than the file holds was cut short (a failed copy or upload). */
function checkWavComplete(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'data') {
      // 0 and 0xFFFFFFFF are streaming writers' placeholders for "to the end".
      if (size !== 0 && size !== 0xffffffff && offset + 8 + size > bytes.length + 1) throw damaged();
      return;
    }
    offset += 8 + size + (size & 1);
  }
  throw damaged();
}

function downmix(channels: Float32Array[]): Float32Array {
  const first = channels[0] as Float32Array;
  if (channels.length === 1) return first.slice();
  const out = new Float32Array(first.length);
  for (const channel of channels)
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (channel[i] ?? 0) / channels.length;
  return out;
}

function concat(parts: Float32Array[], total: number): Float32Array {
  const out = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part.subarray(0, Math.min(part.length, total - at)), at);
    at += part.length;
  }
  return out;
}

/** Seconds of 20 ms frames louder than the silence floor. */
export function activeSeconds(samples: Float32Array, rate: number): number {
  const frame = Math.round(rate * 0.02);
  const floor = 10 ** (SILENCE_DBFS / 10);
  let active = 0;
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += (samples[i] as number) ** 2;
    if (energy / frame > floor) active++;
  }
  return (active * frame) / rate;
}
