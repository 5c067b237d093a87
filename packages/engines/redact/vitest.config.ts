import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-redact',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Rendering pages and OCR take seconds each, several times more on a busy CI machine.
    testTimeout: 60_000,
  },
});
