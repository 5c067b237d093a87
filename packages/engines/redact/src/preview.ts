import type { Canvas } from '@napi-rs/canvas';
import { encodeCanvas } from './encode-canvas.js';
import type { PagePreview } from './types.js';

/**
 * Previews are lossy WebP: a page of text at 900 px is about 130 KB against 350 KB as PNG, and the analysis sends
 * up to twenty of them in one answer. At this quality the letters stay crisp; the downloaded file is never made from
 * a preview.
 */
const PREVIEW_QUALITY = 85;
export const PREVIEW_MEDIA_TYPE = 'image/webp';

export function pagePreview(page: number, canvas: Canvas): PagePreview {
  return {
    page,
    image: encodeCanvas(canvas, 'webp', PREVIEW_QUALITY),
    width: canvas.width,
    height: canvas.height,
  };
}
