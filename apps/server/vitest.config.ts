import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each file starts its own databases and servers; two at a time keeps both cores busy without thrashing.
    fileParallelism: true,
    maxWorkers: 2,
    // Its own worker count needs its own group; it runs after the quick web project when both run together.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['src/test/setup.ts'],
  },
});
