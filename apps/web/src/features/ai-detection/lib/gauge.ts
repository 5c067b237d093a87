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
