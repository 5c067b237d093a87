import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { AnnotationMode, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api.js';

/** Annotation appearances (stamps, filled-in form fields) are part of the page as drawn, and so of its text. */
export const RENDER_OPTIONS = { intent: 'display', annotationMode: AnnotationMode.ENABLE } as const;

/** A page is never rendered past this many pixels, whatever its size: a poster-sized page would exhaust memory. */
const MAX_PAGE_PIXELS = 24_000_000;
const POINTS_PER_INCH = 72;

/** The pixels per point for rendering a page at `dpi`, reduced for pages too large to render at it. */
export function scaleForDpi(page: PDFPageProxy, dpi: number): number {
  return capScale(page, dpi / POINTS_PER_INCH);
}

export function capScale(page: PDFPageProxy, wanted: number): number {
  const { width, height } = page.getViewport({ scale: 1 });
  const area = Math.max(1, width * height);
  return Math.min(wanted, Math.sqrt(MAX_PAGE_PIXELS / area));
}

/** Draws a page, annotations and form fields included, on a white canvas at `scale` pixels per point. */
export async function renderPage(page: PDFPageProxy, scale: number): Promise<Canvas> {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    // pdf.js draws through the standard canvas API, which @napi-rs/canvas implements.
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
    ...RENDER_OPTIONS,
  }).promise;
  return canvas;
}
