import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-generate',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The detector's language models load once per worker (about a second, longer on a busy machine).
    testTimeout: 60_000,
  },
});
