import { defineConfig } from 'vitest/config';

// Uploads fuzzed (src/modules/tools/upload-fuzz.test.ts): a CI step of its own, run alone after the suite for its size.
export default defineConfig({
  test: {
    name: 'upload-fuzz',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/upload-fuzz.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    setupFiles: ['src/test/setup.ts'],
  },
});
