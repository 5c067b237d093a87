import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-audio',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
