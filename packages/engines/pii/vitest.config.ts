import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-pii',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
