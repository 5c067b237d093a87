// Zero crossings of the windowed sinc on each side: a steep enough anti-alias filter for speech features.
const HALF_ZEROS = 8;
// Past this many distinct phases (odd rates), the filter is computed per sample instead of tabulated.
const MAX_PHASES = 4096;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Band-limited resampling with a Hann-windowed sinc cut off at the lower Nyquist frequency, so downsampling 44.1/48 kHz
 * folds nothing above 8 kHz back into the band the features read. The filter is tabulated per phase (L of them for a
 * rate ratio L/M), which keeps it cheap enough to run faster than real time many times over.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input;
  const divisor = gcd(Math.round(toRate), Math.round(fromRate));
  const up = Math.round(toRate) / divisor;
  const down = Math.round(fromRate) / divisor;
  const cutoff = Math.min(1, up / down);
  const halfWidth = Math.ceil(HALF_ZEROS / cutoff);
  const taps = 2 * halfWidth;
  const length = Math.floor((input.length * up) / down);
  const out = new Float32Array(length);
  const weightsAt = (fraction: number, into: Float64Array) => {
    let total = 0;
    for (let j = 0; j < taps; j++) {
      const distance = j - halfWidth + 1 - fraction;
      const x = distance * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = Math.abs(distance) >= halfWidth ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * distance) / halfWidth);
      into[j] = sinc * window;
      total += sinc * window;
    }
    for (let j = 0; j < taps; j++) into[j] = (into[j] as number) / total;
  };
  const tabulated = up <= MAX_PHASES;
  const table = tabulated ? new Float64Array(up * taps) : new Float64Array(0);
  if (tabulated) {
    const row = new Float64Array(taps);
    for (let phase = 0; phase < up; phase++) {
      weightsAt(phase / up, row);
      table.set(row, phase * taps);
    }
  }
  const scratch = new Float64Array(taps);
  const last = input.length - 1;
  for (let n = 0; n < length; n++) {
    const position = n * down;
    const base = Math.floor(position / up);
    const phase = position - base * up;
    let weights = table;
    let offset = phase * taps;
    if (!tabulated) {
      weightsAt(phase / up, scratch);
      weights = scratch;
      offset = 0;
    }
    let sum = 0;
    const first = base - halfWidth + 1;
    for (let j = 0; j < taps; j++) {
      const k = first + j;
      const sample = k < 0 ? 0 : k > last ? 0 : (input[k] as number);
      sum += sample * (weights[offset + j] as number);
    }
    out[n] = sum;
  }
  return out;
}
