import { deflateSync } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { encodeCanvas } from '../encode-canvas.js';

/**
 * A rendered page as PDF image data. Pixels go in raw and deflated with zlib — greyscale when every pixel is grey
 * (most text pages), which takes a third of the room — and a page that compresses badly (a photograph) goes as JPEG
 * when that is smaller. No PNG round trip: pdf-lib would decode and recompress it in JavaScript, ten times slower.
 */

export type PageImage =
  | { format: 'flate'; width: number; height: number; colorSpace: 'DeviceGray' | 'DeviceRGB'; data: Uint8Array }
  | { format: 'jpeg'; width: number; height: number; data: Uint8Array };

/** Deflated pixels past this many bytes a pixel mean a photograph, worth trying as JPEG. */
const PHOTO_BYTES_PER_PIXEL = 0.6;
const JPEG_QUALITY = 88;

export async function pageImage(canvas: Canvas): Promise<PageImage> {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  let grey = true;
  for (let index = 0; index < rgba.length; index += 4) {
    if (rgba[index] !== rgba[index + 1] || rgba[index] !== rgba[index + 2]) {
      grey = false;
      break;
    }
  }
  const channels = grey ? 1 : 3;
  const pixels = new Uint8Array(width * height * channels);
  for (let source = 0, target = 0; source < rgba.length; source += 4) {
    pixels[target++] = rgba[source] ?? 255;
    if (!grey) {
      pixels[target++] = rgba[source + 1] ?? 255;
      pixels[target++] = rgba[source + 2] ?? 255;
    }
  }
  const data = new Uint8Array(deflateSync(pixels));
  const flate: PageImage = { format: 'flate', width, height, colorSpace: grey ? 'DeviceGray' : 'DeviceRGB', data };
  if (data.length <= width * height * PHOTO_BYTES_PER_PIXEL) return flate;
  const jpeg = encodeCanvas(canvas, 'jpeg', JPEG_QUALITY);
  return jpeg.length < data.length ? { format: 'jpeg', width, height, data: jpeg } : flate;
}
