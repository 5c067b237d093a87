import { count, tooLarge, unreadable } from '../document-error.js';
import { isJpeg, isPng } from '../document-kind.js';

/**
 * What the engine needs to know about a PNG or JPEG before decoding it: its size (a tiny file can declare a
 * gigapixel image, so the size is checked first), its EXIF orientation (the pixels are turned upright, since the
 * re-encoded file carries no EXIF to turn them), and the chunks or segments that carry metadata.
 */

export type ImageFormat = 'png' | 'jpeg';

/** Larger images are refused: decoding them, OCR and painting would take gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const damagedImage = () => unreadable("This image is damaged or incomplete, so it can't be read.");

export function imageFormat(bytes: Uint8Array): ImageFormat {
  if (isPng(bytes)) return 'png';
  if (isJpeg(bytes)) return 'jpeg';
  throw unreadable("This file isn't a PNG or JPEG image.");
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** PNG chunks: type and data, in order, up to IEND; null when the structure is broken (or a CRC, if checked). */
export function pngChunks(
  bytes: Uint8Array,
  options: { verifyCrc?: boolean } = {},
): Array<{ type: string; data: Uint8Array }> | null {
  const chunks: Array<{ type: string; data: Uint8Array }> = [];
  const data = view(bytes);
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = data.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > bytes.length) return null;
    if (
      options.verifyCrc &&
      crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== data.getUint32(offset + 8 + length)
    ) {
      return null;
    }
    chunks.push({ type, data: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === 'IEND') return chunks;
  }
  return null;
}

/** JPEG segments before the image data: marker and payload. */
export function jpegSegments(bytes: Uint8Array): Array<{ marker: number; data: Uint8Array }> | null {
  const segments: Array<{ marker: number; data: Uint8Array }> = [];
  const data = view(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd9) return segments;
    const length = data.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    segments.push({ marker, data: bytes.subarray(offset + 4, offset + 2 + length) });
    // Start of scan: entropy-coded data follows, no more headers to read.
    if (marker === 0xda) return segments;
    offset += 2 + length;
  }
  return null;
}

const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The orientation tag (0x0112) of an EXIF payload ("Exif\0\0" and a TIFF header); 1 when there is none. */
export function exifOrientation(payload: Uint8Array): number {
  if (String.fromCharCode(...payload.subarray(0, 4)) !== 'Exif') return 1;
  const tiff = payload.subarray(6);
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49;
  const data = view(tiff);
  const first = data.getUint32(4, little);
  if (first + 2 > tiff.length) return 1;
  const entries = data.getUint16(first, little);
  for (let index = 0; index < entries; index++) {
    const entry = first + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (data.getUint16(entry, little) === 0x0112) {
      const value = data.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

export function imageInfo(bytes: Uint8Array): ImageInfo {
  const format = imageFormat(bytes);
  let width = 0;
  let height = 0;
  if (format === 'png') {
    const chunks = pngChunks(bytes);
    const header = chunks?.[0];
    if (!chunks || header?.type !== 'IHDR' || header.data.length < 8) throw damagedImage();
    width = view(header.data).getUint32(0);
    height = view(header.data).getUint32(4);
  } else {
    const segments = jpegSegments(bytes);
    if (!segments) throw damagedImage();
    for (const segment of segments) {
      if (START_OF_FRAME.has(segment.marker) && segment.data.length >= 5) {
        height = view(segment.data).getUint16(1);
        width = view(segment.data).getUint16(3);
      }
    }
  }
  if (width <= 0 || height <= 0) throw damagedImage();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw tooLarge(
      `This image is ${count(width)} × ${count(height)} pixels; the limit is ${count(MAX_IMAGE_PIXELS / 1_000_000)} megapixels.`,
    );
  }
  return { format, width, height };
}

/** Chunks and segments that carry text or metadata: what the re-encoding must have left out. */
export function metadataBlocks(bytes: Uint8Array): string[] {
  if (isPng(bytes)) {
    const text = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
    return (pngChunks(bytes) ?? []).filter((chunk) => text.has(chunk.type)).map((chunk) => `${chunk.type} chunk`);
  }
  const names: Record<number, string> = { 225: 'EXIF/XMP (APP1)', 237: 'IPTC (APP13)', 254: 'comment' };
  return (jpegSegments(bytes) ?? []).flatMap((segment) => {
    const name = names[segment.marker];
    return name ? [`${name} segment`] : [];
  });
}
