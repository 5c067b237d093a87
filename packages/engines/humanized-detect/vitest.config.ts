import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-humanized-detect',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
