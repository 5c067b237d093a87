import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine-ai-detect',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'training/**/*.test.ts'],
  },
});
