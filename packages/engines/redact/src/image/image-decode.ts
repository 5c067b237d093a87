/// <reference path="./pdfjs-image-decoders.d.ts" />
import { createRequire } from 'node:module';
import { type Canvas, createCanvas, ImageData } from '@napi-rs/canvas';
import type * as UpngModule from '@pdf-lib/upng';
import { JpegImage } from 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';
import { unreadable } from '../document-error.js';
import { exifOrientation, imageInfo, jpegSegments, pngChunks } from './image-format.js';

/**
 * Decodes an uploaded PNG or JPEG into an upright canvas, in JavaScript: UPNG (pdf-lib's PNG decoder) and pdf.js's
 * JPEG decoder. Skia's own decoders, behind @napi-rs/canvas's loadImage, crash the whole process on some damaged
 * files (a PNG header with a bad checksum, corrupt JPEG scan data), and a crash in a worker thread takes the server
 * down with it; a JavaScript decoder throws instead. Skia only ever receives pixels.
 */

// A CommonJS module whose functions sit on `default`, whatever its type declarations say.
const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

const damaged = (cause?: unknown) => unreadable("This image is damaged or incomplete, so it can't be read.", cause);

function decodePng(bytes: Uint8Array): { width: number; height: number; rgba: Uint8ClampedArray } {
  // UPNG trusts the chunk structure; it is checked first (lengths, CRCs, an IEND), so broken files fail here.
  if (!pngChunks(bytes, { verifyCrc: true })) throw damaged();
  const copy = bytes.slice().buffer;
  const image = UPNG.decode(copy);
  const [frame] = UPNG.toRGBA8(image);
  if (!frame || frame.byteLength !== image.width * image.height * 4) throw damaged();
  return { width: image.width, height: image.height, rgba: new Uint8ClampedArray(frame) };
}

function decodeJpeg(bytes: Uint8Array): { width: number; height: number; rgba: Uint8ClampedArray } {
  const jpeg = new JpegImage();
  jpeg.parse(bytes);
  const { width, height } = jpeg;
  const rgba = jpeg.getData({ width, height, forceRGBA: true, isSourcePDF: false });
  if (rgba.length !== width * height * 4) throw damaged();
  return { width, height, rgba };
}

/** Where each EXIF orientation sends the pixels: [a, b, c, d, e, f] for a w × h image, and if it swaps the sides. */
function orientationTransform(orientation: number, w: number, h: number): [number[], boolean] {
  switch (orientation) {
    case 2:
      return [[-1, 0, 0, 1, w, 0], false];
    case 3:
      return [[-1, 0, 0, -1, w, h], false];
    case 4:
      return [[1, 0, 0, -1, 0, h], false];
    case 5:
      return [[0, 1, 1, 0, 0, 0], true];
    case 6:
      return [[0, 1, -1, 0, h, 0], true];
    case 7:
      return [[0, -1, -1, 0, h, w], true];
    case 8:
      return [[0, -1, 1, 0, 0, w], true];
    default:
      return [[1, 0, 0, 1, 0, 0], false];
  }
}

function orientationOf(bytes: Uint8Array, format: 'png' | 'jpeg'): number {
  if (format === 'jpeg') {
    const exif = jpegSegments(bytes)?.find((segment) => segment.marker === 0xe1 && exifOrientation(segment.data) !== 1);
    return exif ? exifOrientation(exif.data) : 1;
  }
  const chunk = pngChunks(bytes)?.find((candidate) => candidate.type === 'eXIf');
  return chunk ? exifOrientation(new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...chunk.data])) : 1;
}

/** The image, upright, as a canvas of its pixels (alpha kept). */
export function decodeImage(bytes: Uint8Array): Canvas {
  const { format } = imageInfo(bytes);
  let decoded: { width: number; height: number; rgba: Uint8ClampedArray };
  try {
    decoded = format === 'png' ? decodePng(bytes) : decodeJpeg(bytes);
  } catch (error) {
    if (error instanceof Error && error.name === 'DocumentError') throw error;
    throw damaged(error);
  }
  const { width, height, rgba } = decoded;
  const source = createCanvas(width, height);
  source.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  const orientation = orientationOf(bytes, format);
  if (orientation === 1) return source;
  const [matrix, swapped] = orientationTransform(orientation, width, height);
  const upright = createCanvas(swapped ? height : width, swapped ? width : height);
  const context = upright.getContext('2d');
  context.setTransform(...(matrix as [number, number, number, number, number, number]));
  context.drawImage(source, 0, 0);
  return upright;
}
