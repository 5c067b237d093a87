import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-site-scan',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
