/** Geometry of the semicircle gauge: a 200 × 110 view box, the arc centred at (100, 100). */
export const GAUGE = { cx: 100, cy: 100, radius: 80 } as const;

const round = (value: number) => Math.round(value * 100) / 100;

/** The point on the gauge's arc for a fraction of it (0 at the left end, 1 at the right end). */
export function gaugePoint(fraction: number, radius: number = GAUGE.radius): [number, number] {
  const angle = Math.PI * Math.min(1, Math.max(0, fraction));
  return [round(GAUGE.cx - radius * Math.cos(angle)), round(GAUGE.cy - radius * Math.sin(angle))];
}

/** An SVG path along the top semicircle from one fraction of it to another (clockwise, never more than half a turn). */
export function gaugeArc(from: number, to: number, radius: number = GAUGE.radius): string {
  const [x0, y0] = gaugePoint(from, radius);
  const [x1, y1] = gaugePoint(to, radius);
  return `M ${x0} ${y0} A ${radius} ${radius} 0 0 1 ${x1} ${y1}`;
}

/** The confidence interval's arc runs just outside the value arc, so the value never covers it. */
export const INTERVAL_RADIUS = GAUGE.radius + 13;
/** The interval is drawn at least this long, so a narrow one (97–99%) still shows; its numbers say how narrow. */
const MIN_INTERVAL_ARC = 0.01;

/** The stretch of the gauge the interval's arc covers: the interval itself, widened about its middle if too short. */
export function intervalArc(low: number, high: number): [number, number] {
  if (high - low >= MIN_INTERVAL_ARC) return [low, high];
  const from = Math.min(Math.max((low + high - MIN_INTERVAL_ARC) / 2, 0), 1 - MIN_INTERVAL_ARC);
  return [from, from + MIN_INTERVAL_ARC];
}
