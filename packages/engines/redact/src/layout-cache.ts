import { createHash } from 'node:crypto';
import type { TextLayout } from './layout.js';

/**
 * Layouts that took OCR to build, by file content: reading, locating and redacting the same upload recognise it
 * once, not three times. A few entries in memory only, per worker thread; the result is the same either way,
 * because recognition is deterministic.
 */

const SIZE = 4;
const layouts = new Map<string, Promise<TextLayout>>();

export function cachedLayout(bytes: Uint8Array, build: () => Promise<TextLayout>): Promise<TextLayout> {
  const key = createHash('sha256').update(bytes).digest('hex');
  const cached = layouts.get(key);
  if (cached) {
    // Most recently used goes last, so the oldest is the first key.
    layouts.delete(key);
    layouts.set(key, cached);
    return cached;
  }
  const layout = build();
  layouts.set(key, layout);
  // Only OCR is worth remembering: a text layer is read again in well under a second.
  layout.then(
    (built) => {
      if (!built.recognised) layouts.delete(key);
    },
    () => layouts.delete(key),
  );
  while (layouts.size > SIZE) layouts.delete(layouts.keys().next().value as string);
  return layout;
}
