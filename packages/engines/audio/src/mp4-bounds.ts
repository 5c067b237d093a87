import { AudioRefusal } from './decode.js';

// Descended into; every other box is a leaf.
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf', 'mvex', 'edts']);
// The most samples (codec frames) a second may hold: Opus' shortest frame is 2.5 ms.
const FRAMES_PER_SECOND = 400;
const MAX_BOXES = 100_000;
const MAX_DEPTH = 16;

const bomb = () =>
  new AudioRefusal(
    422,
    'unreadable_audio',
    'This M4A file announces more audio than it could hold (a "zip bomb"), so it was not decoded.',
  );

const tooLong = (maxSeconds: number) =>
  new AudioRefusal(
    413,
    'too_long',
    `This recording is longer than ${maxSeconds / 60} minutes, the most one check takes. Cut it into shorter parts.`,
  );

/**
 * The MP4 demuxer allocates its sample tables from the counts a file announces, so a 1 KB file can ask for billions of
 * entries. Every table is checked against the bytes it sits in and the longest recording we take, and the track's own
 * duration against the limit, before anything decodes.
 */
export function checkMp4Bounds(bytes: Uint8Array, maxSeconds: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const maxFrames = (maxSeconds + 60) * FRAMES_PER_SECOND;
  let boxes = 0;
  let fragmentFrames = 0;
  let timescale = 0;
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at) : 0);

  const walk = (start: number, end: number, depth: number) => {
    if (depth > MAX_DEPTH) throw bomb();
    let offset = start;
    while (offset + 8 <= end) {
      if (++boxes > MAX_BOXES) throw bomb();
      let size = u32(offset);
      const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return;
        size = u32(offset + 8) * 2 ** 32 + u32(offset + 12);
        header = 16;
      } else if (size === 0) size = end - offset;
      if (size < header) throw bomb();
      const boxEnd = Math.min(offset + size, end);
      const body = offset + header;
      const length = boxEnd - body;
      if (CONTAINERS.has(type)) walk(body, boxEnd, depth + 1);
      else checkLeaf(type, body, length);
      offset += size;
    }
  };

  const checkLeaf = (type: string, body: number, length: number) => {
    const version = bytes[body] ?? 0;
    const entries = u32(body + 4);
    switch (type) {
      case 'mdhd': {
        timescale = version === 1 ? u32(body + 20) : u32(body + 12);
        const duration = version === 1 ? u32(body + 24) * 2 ** 32 + u32(body + 28) : u32(body + 16);
        if (timescale > 0 && duration !== 0xffffffff && duration / timescale > maxSeconds + 1)
          throw tooLong(maxSeconds);
        return;
      }
      case 'stsz': {
        const count = u32(body + 8);
        if (count > maxFrames) throw bomb();
        if (u32(body + 4) === 0 && 12 + count * 4 > length) throw bomb();
        return;
      }
      case 'stco':
        if (8 + entries * 4 > length) throw bomb();
        return;
      case 'co64':
        if (8 + entries * 8 > length) throw bomb();
        return;
      case 'stsc':
        if (8 + entries * 12 > length) throw bomb();
        return;
      case 'stts': {
        if (8 + entries * 8 > length) throw bomb();
        let samples = 0;
        let ticks = 0;
        for (let i = 0; i < entries; i++) {
          const count = u32(body + 8 + i * 8);
          samples += count;
          ticks += count * u32(body + 12 + i * 8);
        }
        if (samples > maxFrames) throw bomb();
        if (timescale > 0 && ticks / timescale > maxSeconds + 1) throw tooLong(maxSeconds);
        return;
      }
      case 'trun': {
        const flags = ((bytes[body + 1] ?? 0) << 16) | ((bytes[body + 2] ?? 0) << 8) | (bytes[body + 3] ?? 0);
        const perSample = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length * 4;
        fragmentFrames += entries;
        if (fragmentFrames > maxFrames || (perSample > 0 && 8 + entries * perSample > length)) throw bomb();
        return;
      }
      default:
        return;
    }
  };

  walk(0, bytes.length, 0);
}
