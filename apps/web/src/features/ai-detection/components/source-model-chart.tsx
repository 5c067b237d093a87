import { formatPercent } from '@candor/engine-writing/percent';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface SourceModelBar {
  label: string;
  probability: number;
  /** As the table, the clipboard and the PDF write it (shares that add up to 100%). */
  percent: string;
  /** The most likely family, drawn in the primary colour. */
  top: boolean;
}

/**
 * Horizontal bars of how likely each model family wrote the text. Loaded with React.lazy so recharts stays out of
 * the first-load bundle; the accessible table lives with the caller (source-model-panel.tsx).
 */
export default function SourceModelChart({ bars }: { bars: readonly SourceModelBar[] }) {
  // Two series stacked on one axis, so the most likely family gets its own colour (null leaves a series out).
  const rows = bars.map((bar) => ({
    label: bar.label,
    percent: bar.percent,
    top: bar.top ? bar.probability : null,
    other: bar.top ? null : bar.probability,
  }));
  return (
    <div className="w-full" style={{ height: bars.length * 34 + 24 }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <XAxis
            type="number"
            domain={[0, 1]}
            tickFormatter={(value: number) => formatPercent(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={112}
            tick={{ fill: 'var(--foreground)', fontSize: 11 }}
            tickLine={false}
            axisLine={false}
          />
          {/* Each family's share in figures, at the end of its row: the bars alone give only a length. */}
          <YAxis
            yAxisId="percent"
            orientation="right"
            type="category"
            dataKey="percent"
            width={36}
            tick={{ fill: 'var(--foreground)', fontSize: 11 }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            formatter={(_value, _name, item) => [(item.payload as { percent: string }).percent, 'Probability']}
            contentStyle={{
              background: 'var(--popover)',
              color: 'var(--popover-foreground)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--popover-foreground)', fontWeight: 600 }}
          />
          <Bar
            dataKey="top"
            stackId="family"
            fill="var(--primary)"
            radius={[0, 4, 4, 0]}
            maxBarSize={20}
            isAnimationActive={false}
          />
          <Bar
            dataKey="other"
            stackId="family"
            fill="var(--muted-foreground)"
            fillOpacity={0.45}
            radius={[0, 4, 4, 0]}
            maxBarSize={20}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
