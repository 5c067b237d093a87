import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('report formatting', () => {
  it('rounds durations to what a reader cares about', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(150)).toBe('3 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });
});
