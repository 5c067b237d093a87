import type { TokenStats } from '@candor/contracts';
import { describe, expect, it } from 'vitest';
import { presetRange, rangeLength, toUsageChartData, validateRange } from './usage-range';

const now = new Date('2026-03-10T22:30:00Z');

describe('presetRange', () => {
  it('maps each preset to UTC days ending today', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(presetRange('7d', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(presetRange('90d', now)).toEqual({ from: '2025-12-11', to: '2026-03-10' });
    for (const [preset, days] of [
      ['today', 1],
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const)
      expect(rangeLength(presetRange(preset, now))).toBe(days);
  });
});

describe('validateRange', () => {
  it('accepts a range of one day up to 366 days', () => {
    expect(validateRange({ from: '2026-03-10', to: '2026-03-10' })).toBeNull();
    expect(validateRange({ from: '2025-03-10', to: '2026-03-10' })).toBeNull(); // 366 days
  });
  it('explains what is wrong', () => {
    expect(validateRange({ from: '', to: '2026-03-10' })).toMatch(/both a start and an end/);
    expect(validateRange({ from: '2026-03-11', to: '2026-03-10' })).toMatch(/on or before the end date/);
    expect(validateRange({ from: '2025-03-09', to: '2026-03-10' })).toMatch(/at most 366 days \(this range has 367\)/);
    expect(validateRange({ from: '2026-02-30', to: '2026-03-10' })).toMatch(/real dates/);
  });
});

describe('toUsageChartData', () => {
  const stats: TokenStats = {
    from_date: '2026-03-08',
    to_date: '2026-03-10',
    total_tokens: 1650,
    by_model: [],
    days: [
      { date: '2026-03-10', total_tokens: 150, by_model: [{ model_name: 'AI_DETECTION', tokens: 150 }] },
      {
        date: '2026-03-08',
        total_tokens: 1500,
        by_model: [
          { model_name: 'WRITING_ANALYSIS', tokens: 1000 },
          { model_name: 'AI_DETECTION', tokens: 500 },
          { model_name: 'HUMANIZER', tokens: 0 },
        ],
      },
      { date: '2026-03-09', total_tokens: 0, by_model: [] },
    ],
  };

  it('makes one row per day in order, with zeros, and one series per used service (most used first)', () => {
    const data = toUsageChartData(stats);
    expect(data.services).toEqual(['WRITING_ANALYSIS', 'AI_DETECTION']);
    expect(data.total).toBe(1650);
    expect(data.rows).toEqual([
      { date: '2026-03-08', total: 1500, WRITING_ANALYSIS: 1000, AI_DETECTION: 500 },
      { date: '2026-03-09', total: 0, WRITING_ANALYSIS: 0, AI_DETECTION: 0 },
      { date: '2026-03-10', total: 150, WRITING_ANALYSIS: 0, AI_DETECTION: 150 },
    ]);
  });

  it('has no series and a zero total when nothing was used', () => {
    const data = toUsageChartData({ ...stats, days: stats.days.map((day) => ({ ...day, by_model: [] })) });
    expect(data.services).toEqual([]);
    expect(data.total).toBe(0);
    expect(data.rows).toHaveLength(3);
  });
});
