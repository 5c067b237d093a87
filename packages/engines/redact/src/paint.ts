import { createRequire } from 'node:module';
import path from 'node:path';
import { type Canvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { Box } from './layout.js';
import type { RedactionStyle } from './types.js';

/**
 * Painting redactions onto page pixels: opaque boxes over the glyphs (black for 'box'; dark with the replacement in
 * white for 'label' and 'pseudonym'). The labels use Liberation Sans from pdfjs-dist, so they look the same on a
 * machine without system fonts.
 */

const LABEL_FONT = 'CandorRedactSans';
let fontRegistered = false;

function registerLabelFont(): void {
  if (fontRegistered) return;
  const directory = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  GlobalFonts.registerFromPath(path.join(directory, 'standard_fonts', 'LiberationSans-Bold.ttf'), LABEL_FONT);
  fontRegistered = true;
}

export const BOX_COLOUR = '#000000';
/** Neutral, not slate: a page of black text and labels stays greyscale, a third the size in the PDF. */
export const LABEL_BOX_COLOUR = '#222222';
const LABEL_TEXT_COLOUR = '#ffffff';
/** Below this many pixels a label is unreadable; it is drawn anyway, clipped to its box, so nothing spills out. */
const MIN_LABEL_PX = 5;

export interface PaintedBox extends Box {
  /** Drawn in the box for label and pseudonym styles; '' leaves it plain. */
  label: string;
}

/** Paints boxes given in page units onto a canvas that shows the page at `scale` pixels per unit. */
export function paintBoxes(canvas: Canvas, boxes: PaintedBox[], style: RedactionStyle, scale: number): void {
  const context = canvas.getContext('2d');
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.globalCompositeOperation = 'source-over';
  for (const box of boxes) {
    // Whole pixels, rounded outwards: an anti-aliased edge would leave a faint trace of the ink under it.
    const x0 = Math.floor(box.x0 * scale);
    const y0 = Math.floor(box.y0 * scale);
    const x1 = Math.ceil(box.x1 * scale);
    const y1 = Math.ceil(box.y1 * scale);
    context.fillStyle = style === 'box' ? BOX_COLOUR : LABEL_BOX_COLOUR;
    context.fillRect(x0, y0, x1 - x0, y1 - y0);
    if (style !== 'box' && box.label !== '') drawLabel(context, box.label, x0, y0, x1 - x0, y1 - y0, box.vertical);
  }
  context.restore();
}

function drawLabel(
  context: SKRSContext2D,
  label: string,
  x: number,
  y: number,
  boxWidth: number,
  boxHeight: number,
  vertical: 1 | -1 | undefined,
): void {
  registerLabelFont();
  // Along the text: a label in a box over text running down the page is turned a quarter.
  const width = vertical ? boxHeight : boxWidth;
  const height = vertical ? boxWidth : boxHeight;
  const padding = Math.max(1, Math.round(height * 0.08));
  let size = Math.max(MIN_LABEL_PX, Math.floor(height * 0.68));
  context.font = `${size}px ${LABEL_FONT}`;
  const measured = context.measureText(label).width;
  const room = width - 2 * padding;
  if (measured > room && measured > 0) {
    size = Math.max(MIN_LABEL_PX, Math.floor((size * room) / measured));
    context.font = `${size}px ${LABEL_FONT}`;
  }
  context.save();
  context.beginPath();
  context.rect(x, y, boxWidth, boxHeight);
  context.clip();
  context.translate(x + boxWidth / 2, y + boxHeight / 2);
  if (vertical) context.rotate((vertical * Math.PI) / 2);
  context.fillStyle = LABEL_TEXT_COLOUR;
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  context.fillText(label, 0, 0);
  context.restore();
}
