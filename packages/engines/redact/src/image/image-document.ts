import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { encodeCanvas } from '../encode-canvas.js';
import { boxesFor, LayoutBuilder, rectsFor, type TextLayout } from '../layout.js';
import { cachedLayout } from '../layout-cache.js';
import { type PaintedBox, paintBoxes } from '../paint.js';
import { pagePreview } from '../preview.js';
import { NeedleSet } from '../text-search.js';
import type { PagePreview, Rect, RedactionRange, RedactionStyle, TextRange, Verification } from '../types.js';
import { foundInBytes, rawNeedles, searchCheck, verification } from '../verification.js';
import { decodeImage } from './image-decode.js';
import { imageInfo, metadataBlocks } from './image-format.js';
import { addOcrPage, ocrScale, recognise } from './ocr.js';

/**
 * PNG and JPEG images: the text comes from OCR, the redaction paints boxes on the pixels, and the image is encoded
 * again in its own format — which leaves out every metadata chunk or segment of the upload (EXIF, XMP, text chunks,
 * comments), since only pixels are carried over.
 */

const JPEG_QUALITY = 92;

function draw(image: Canvas, scale: number, background: string | null): Canvas {
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The OCR text of an image, with each character's box in the image's pixels. */
async function recogniseImage(image: Canvas): Promise<TextLayout> {
  const scale = ocrScale(image.width);
  // On white: a transparent background reads as black to the recogniser.
  const [page] = await recognise([encodeCanvas(draw(image, scale, '#ffffff'), 'png')]);
  const builder = new LayoutBuilder();
  builder.startPage(1, image.width, image.height);
  if (page) addOcrPage(builder, page, scale);
  return builder.build();
}

function imageLayout(bytes: Uint8Array, image?: Canvas): Promise<TextLayout> {
  return cachedLayout(bytes, () => recogniseImage(image ?? decodeImage(bytes)));
}

export function readImage(bytes: Uint8Array): Promise<TextLayout> {
  return imageLayout(bytes);
}

export async function locateImage(bytes: Uint8Array, ranges: TextRange[]): Promise<Rect[][]> {
  return rectsFor(await imageLayout(bytes), ranges);
}

export async function previewImage(bytes: Uint8Array, maxWidth: number): Promise<PagePreview> {
  const image = decodeImage(bytes);
  const canvas = draw(image, Math.min(1, maxWidth / image.width), null);
  return pagePreview(1, canvas);
}

export async function redactImage(
  bytes: Uint8Array,
  prepare: (text: string) => RedactionRange[],
  style: RedactionStyle,
): Promise<{ bytes: Uint8Array; mediaType: string; extension: string }> {
  const { format } = imageInfo(bytes);
  const image = decodeImage(bytes);
  const layout = await imageLayout(bytes, image);
  const ranges = prepare(layout.text);
  const boxes: PaintedBox[] = ranges.flatMap((range) =>
    boxesFor(layout, range).map((box, index) => ({ ...box, label: index === 0 ? range.replacement : '' })),
  );
  const canvas = draw(image, 1, format === 'jpeg' ? '#ffffff' : null);
  paintBoxes(canvas, boxes, style, 1);
  return format === 'png'
    ? { bytes: encodeCanvas(canvas, 'png'), mediaType: 'image/png', extension: 'png' }
    : { bytes: encodeCanvas(canvas, 'jpeg', JPEG_QUALITY), mediaType: 'image/jpeg', extension: 'jpg' };
}

export async function verifyImage(bytes: Uint8Array, strings: string[]): Promise<Verification> {
  let text: string;
  try {
    text = (await recogniseImage(decodeImage(bytes))).text;
  } catch {
    return verification([{ name: 'Readable output', passed: false, detail: 'The redacted image could not be read.' }]);
  }
  const needles = rawNeedles(strings);
  const blocks = metadataBlocks(bytes);
  const words = text.split(/\s+/).filter(Boolean).length;
  return verification([
    searchCheck(
      'Text extraction (OCR)',
      new NeedleSet(strings).foundIn(text),
      `the text OCR reads in the redacted image (${words} word${words === 1 ? '' : 's'})`,
      strings.length,
    ),
    searchCheck(
      'Raw bytes',
      foundInBytes(needles, bytes, true),
      `the file's ${bytes.length.toLocaleString('en-US')} bytes`,
      needles.needles.length,
    ),
    blocks.length > 0
      ? { name: 'Metadata', passed: false, detail: `The image still has ${blocks.join(', ')}.` }
      : {
          name: 'Metadata',
          passed: true,
          detail: 'No EXIF, XMP, IPTC, comment or text chunks: the image holds pixels only.',
        },
  ]);
}
