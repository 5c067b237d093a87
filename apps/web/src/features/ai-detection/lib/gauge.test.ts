import { describe, expect, it } from 'vitest';
import { gaugeArc, gaugePoint, intervalArc } from './gauge';

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

  it('draws a confidence interval as it is, or widened about its middle when too short to see', () => {
    expect(intervalArc(0.56, 0.96)).toEqual([0.56, 0.96]);
    const [from, to] = intervalArc(0.97, 0.975);
    expect(to - from).toBeCloseTo(0.01);
    expect((from + to) / 2).toBeCloseTo(0.9725);
  });

  it('keeps a widened interval on the gauge', () => {
    const [atTop, top] = intervalArc(0.998, 1);
    expect(top).toBe(1);
    expect(atTop).toBeCloseTo(0.99);
    expect(intervalArc(0, 0.002)[0]).toBe(0);
  });
});
