/** Audio made in code for tests: a voiced, speech-like signal and a 16-bit PCM WAV writer. */

/** A vowel-like signal: a 120 Hz harmonic series with slow pitch drift, syllable-rate loudness, and a little noise. */
export function speechLike(seconds: number, rate = 16_000, seed = 1): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const f0 = 120 + 15 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += (2 * Math.PI * f0) / rate;
    let x = 0;
    for (let h = 1; h <= 20; h++) x += Math.sin(h * phase) / h;
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t) ** 2;
    out[i] = 0.2 * envelope * x + 0.01 * random();
  }
  return out;
}

/** A 16-bit PCM WAV file of `samples` (mono). */
export function wavFile(samples: Float32Array, rate = 16_000): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (const [i, x] of samples.entries()) {
    view.setInt16(44 + i * 2, Math.max(-32768, Math.min(32767, Math.round(x * 32767))), true);
  }
  return bytes;
}

/** An MP4 box: size, type, body. */
export function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((a, b) => a + b.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of body) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const u32s = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (const [i, v] of values.entries()) view.setUint32(i * 4, v);
  return out;
};
