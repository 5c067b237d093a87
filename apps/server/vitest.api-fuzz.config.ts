import { defineConfig } from 'vitest/config';

// The public API fuzzed by schemathesis (scripts/api-fuzz.sh installs it): a step of its own, not part of npm test.
export default defineConfig({
  test: {
    name: 'api-fuzz',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.api-fuzz.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    setupFiles: ['src/test/setup.ts'],
  },
});
