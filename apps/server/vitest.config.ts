import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A step of its own in CI (vitest.upload-fuzz.config.ts), run alone.
    exclude: [...configDefaults.exclude, 'src/**/upload-fuzz.test.ts'],
    // Each file starts its own databases and servers; two at a time keeps both cores busy without thrashing.
    fileParallelism: true,
    maxWorkers: 2,
    // Its own worker count needs its own group; it runs after the quick web project when both run together.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on a condition (a job reaching a stage on another instance); its 1 s default is shorter than
    // a busy two-core machine takes, and the test's own timeout still bounds the wait.
    expect: { poll: { timeout: 15_000 } },
    setupFiles: ['src/test/setup.ts'],
  },
});
