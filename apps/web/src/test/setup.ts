import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs an error fails: React warnings and unhandled rejections must not pass silently.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${errors.length} time(s): ${first}`);
  }
});
