import { describe, expect, it } from 'vitest';
import { gaugeArc, gaugePoint } from './gauge';

describe('gauge geometry', () => {
  it('runs from the left end through the top to the right end', () => {
    expect(gaugePoint(0)).toEqual([20, 100]);
    expect(gaugePoint(0.5)).toEqual([100, 20]);
    expect(gaugePoint(1)).toEqual([180, 100]);
  });

  it('keeps a fraction outside 0–1 on the gauge', () => {
    expect(gaugePoint(-0.2)).toEqual([20, 100]);
    expect(gaugePoint(1.3)).toEqual([180, 100]);
  });

  it('draws an arc clockwise between two fractions', () => {
    expect(gaugeArc(0, 1)).toBe('M 20 100 A 80 80 0 0 1 180 100');
    expect(gaugeArc(0.25, 0.5, 70)).toBe('M 50.5 50.5 A 70 70 0 0 1 100 30');
  });
});
