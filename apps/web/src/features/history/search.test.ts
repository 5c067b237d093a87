import { describe, expect, it } from 'vitest';
import { historySearchSchema } from './search';

describe('history search params', () => {
  it('defaults to page 1 of 20', () => {
    expect(historySearchSchema.parse({})).toEqual({ page: 1, page_size: 20, selectedServices: undefined });
  });

  it.each([
    [3, 3],
    ['4', 4],
    [0, 1],
    [-2, 1],
    [1.5, 1],
    ['abc', 1],
    [null, 1],
  ])('page %j → %j', (page, expected) => {
    expect(historySearchSchema.parse({ page }).page).toBe(expected);
  });

  it.each([
    [10, 10],
    [20, 20],
    [21, 20],
    [500, 20],
    ['5', 5],
    [0, 20],
    [-1, 20],
    ['x', 20],
  ])('page_size %j → %j (at most 20)', (pageSize, expected) => {
    expect(historySearchSchema.parse({ page_size: pageSize }).page_size).toBe(expected);
  });

  it('keeps known services and drops unknown or duplicate ones', () => {
    expect(
      historySearchSchema.parse({ selectedServices: ['AI_DETECTION', 'NOPE', 'VEXON', 'VEXON'] }).selectedServices,
    ).toEqual(['AI_DETECTION', 'VEXON']);
  });

  it('accepts one service or a comma-separated list', () => {
    expect(historySearchSchema.parse({ selectedServices: 'HUMANIZER' }).selectedServices).toEqual(['HUMANIZER']);
    expect(historySearchSchema.parse({ selectedServices: 'HUMANIZER,PLAGIARISM,x' }).selectedServices).toEqual([
      'HUMANIZER',
      'PLAGIARISM',
    ]);
    expect(historySearchSchema.parse({ selectedServices: { a: 1 } }).selectedServices).toBeUndefined();
    expect(historySearchSchema.parse({ selectedServices: ['NOPE'] }).selectedServices).toBeUndefined();
  });
});
