import type { Canvas } from '@napi-rs/canvas';

/**
 * A canvas's pixels as PNG, JPEG or WebP, encoded on the calling thread. Never @napi-rs/canvas's async `encode`: it
 * runs on libuv's thread pool, shared by the whole process and outside the engine thread that owns the canvas, and a
 * core dump of the upload fuzzing caught Skia crashing there (a segmentation fault that took the server down without
 * a word) while engine threads were being stopped and replaced. Encoding in place keeps Skia's work on the thread that
 * owns it; an engine thread has nothing else to do while it waits.
 */
export function encodeCanvas(canvas: Canvas, format: 'png'): Uint8Array;
export function encodeCanvas(canvas: Canvas, format: 'jpeg' | 'webp', quality: number): Uint8Array;
export function encodeCanvas(canvas: Canvas, format: 'png' | 'jpeg' | 'webp', quality?: number): Uint8Array {
  return new Uint8Array(format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync(format, quality));
}
