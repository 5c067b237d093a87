import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
