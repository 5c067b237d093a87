import { format } from 'node:util';
import { afterEach, vi } from 'vitest';

// Epic Stack's rule: console.error in a passing test is a bug that was about to be ignored.
const errors: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(format(...args));
});

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) throw new Error(`console.error was called:\n${seen.join('\n')}`);
});
