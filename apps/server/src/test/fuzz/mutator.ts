/**
 * A seeded, deterministic file mutator for the upload fuzz tests: the same seed and case number always give the same
 * bytes, so a failure names a case that reproduces (`mutateFile(seed, format, n)`).
 */

/** mulberry32: small, fast and good enough to pick offsets. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const EXTREMES = [0, 1, 0x7f, 0xff, 0xffff, 0x7fffffff, 0xffffffff, 0x80000000];

/** Offsets of length and size fields the format declares, so corrupting them reaches the parsers' size logic. */
export function lengthFields(bytes: Uint8Array): { offset: number; width: 2 | 4; bigEndian: boolean }[] {
  const fields: { offset: number; width: 2 | 4; bigEndian: boolean }[] = [];
  const at = (i: number, s: string) => [...s].every((c, k) => bytes[i + k] === c.charCodeAt(0));
  for (let i = 0; i + 30 < bytes.length; i++) {
    // ZIP (docx): local headers' sizes and name length, central directory sizes, the end record's offsets.
    if (at(i, 'PK\x03\x04')) for (const d of [18, 22]) fields.push({ offset: i + d, width: 4, bigEndian: false });
    if (at(i, 'PK\x03\x04')) fields.push({ offset: i + 26, width: 2, bigEndian: false });
    if (at(i, 'PK\x01\x02')) for (const d of [20, 24, 42]) fields.push({ offset: i + d, width: 4, bigEndian: false });
    if (at(i, 'PK\x05\x06')) for (const d of [12, 16]) fields.push({ offset: i + d, width: 4, bigEndian: false });
  }
  // RIFF/WAV: the file size and each chunk's size.
  if (at(0, 'RIFF')) {
    fields.push({ offset: 4, width: 4, bigEndian: false });
    for (let i = 12; i + 8 <= bytes.length; ) {
      fields.push({ offset: i + 4, width: 4, bigEndian: false });
      const size = (bytes[i + 4] ?? 0) | ((bytes[i + 5] ?? 0) << 8) | ((bytes[i + 6] ?? 0) << 16);
      i += 8 + size + (size % 2);
    }
  }
  // PNG: every chunk's length.
  if (bytes[0] === 0x89 && at(1, 'PNG')) {
    for (let i = 8; i + 8 <= bytes.length; ) {
      fields.push({ offset: i, width: 4, bigEndian: true });
      const size =
        ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
      i += 12 + Math.max(0, size);
    }
  }
  // ISO media (m4a) and EBML (webm) keep sizes in front of each box; top-level MP4 boxes are walked.
  if (at(4, 'ftyp')) {
    for (let i = 0; i + 8 <= bytes.length; ) {
      fields.push({ offset: i, width: 4, bigEndian: true });
      const size =
        ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
      if (size < 8) break;
      i += size;
    }
  }
  // JPEG: each marker segment's length.
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let i = 2; i + 4 <= bytes.length && bytes[i] === 0xff; ) {
      fields.push({ offset: i + 2, width: 2, bigEndian: true });
      if (bytes[i + 1] === 0xda) break;
      i += 2 + (((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0));
    }
  }
  return fields.filter((field) => field.offset + field.width <= bytes.length);
}

/** PDF: `/Length n`, `/Count n`, `/Size n` and xref offsets are numbers in text; they get absurd ones instead. */
function corruptPdfNumbers(bytes: Uint8Array, rnd: () => number): Uint8Array | null {
  const text = Buffer.from(bytes).toString('latin1');
  const numbers = [...text.matchAll(/\/(Length|Count|Size|N|First)\s+(\d+)|startxref\s+(\d+)/g)];
  const pick = numbers[Math.floor(rnd() * numbers.length)];
  if (!pick || pick.index === undefined) return null;
  const replacement = ['0', '-1', '99999999999', '4294967296', `${Math.floor(rnd() * 1e6)}`][Math.floor(rnd() * 5)];
  return new Uint8Array(
    Buffer.from(
      text.slice(0, pick.index) + pick[0].replace(/\d+$/, replacement ?? '0') + text.slice(pick.index + pick[0].length),
      'latin1',
    ),
  );
}

type Mutation = (bytes: Uint8Array, rnd: () => number) => Uint8Array;

const int = (rnd: () => number, below: number) => Math.floor(rnd() * Math.max(1, below));

const mutations: Record<string, Mutation> = {
  flipBytes(bytes, rnd) {
    const out = bytes.slice();
    for (let n = 1 + int(rnd, 8); n > 0; n--) {
      const i = int(rnd, out.length);
      out[i] = (out[i] ?? 0) ^ (1 + int(rnd, 255));
    }
    return out;
  },
  truncate(bytes, rnd) {
    return bytes.slice(0, int(rnd, bytes.length));
  },
  duplicateChunk(bytes, rnd) {
    const start = int(rnd, bytes.length);
    const chunk = bytes.slice(start, start + 1 + int(rnd, Math.min(4_096, bytes.length - start)));
    const at = int(rnd, bytes.length);
    const copies = 1 + int(rnd, 4);
    const out = new Uint8Array(bytes.length + chunk.length * copies);
    out.set(bytes.subarray(0, at));
    for (let c = 0; c < copies; c++) out.set(chunk, at + c * chunk.length);
    out.set(bytes.subarray(at), at + chunk.length * copies);
    return out;
  },
  corruptLength(bytes, rnd) {
    if (rnd() < 0.5) {
      const pdf = corruptPdfNumbers(bytes, rnd);
      if (pdf) return pdf;
    }
    const fields = lengthFields(bytes);
    const field = fields[int(rnd, fields.length)] ?? {
      offset: int(rnd, Math.max(1, bytes.length - 4)) & ~1,
      width: 4 as const,
      bigEndian: rnd() < 0.5,
    };
    const out = bytes.slice();
    const view = new DataView(out.buffer);
    const value = rnd() < 0.7 ? (EXTREMES[int(rnd, EXTREMES.length)] ?? 0) : int(rnd, 0xffffffff);
    if (field.offset + field.width > out.length) return out;
    if (field.width === 2) view.setUint16(field.offset, value & 0xffff, !field.bigEndian);
    else view.setUint32(field.offset, value >>> 0, !field.bigEndian);
    return out;
  },
  zeroChunk(bytes, rnd) {
    const out = bytes.slice();
    const start = int(rnd, out.length);
    out.fill(0, start, start + 1 + int(rnd, 512));
    return out;
  },
};
const names = Object.keys(mutations);

/** Case `n` of a format's campaign: one to three mutations of the seed file, every tenth case a bare truncation. */
export function mutateFile(seedBytes: Uint8Array, seed: number, n: number): { bytes: Uint8Array; applied: string[] } {
  const rnd = random(seed * 1_000_003 + n);
  // A plain copy: a Buffer's slice is a view (the seed would change) and its fill throws past the end.
  seedBytes = new Uint8Array(seedBytes);
  if (n % 10 === 0) return { bytes: mutations.truncate?.(seedBytes, rnd) ?? seedBytes, applied: ['truncate'] };
  let bytes = seedBytes;
  const applied: string[] = [];
  for (let k = 1 + int(rnd, 3); k > 0; k--) {
    const name = names[int(rnd, names.length)] ?? 'flipBytes';
    bytes = mutations[name]?.(bytes, rnd) ?? bytes;
    applied.push(name);
  }
  return { bytes, applied };
}
