import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
