import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatTokens } from '@/lib/format';

/** One stacked series: the row key it reads, its name in the tooltip and legend, and how it is filled. */
export interface TokenBarSeries {
  key: string;
  name: string;
  fill: string;
  fillOpacity?: number;
}

interface StackedTokenBarsProps {
  /** One row per day: `date` (YYYY-MM-DD) and a token count per series key. */
  rows: readonly object[];
  series: readonly TokenBarSeries[];
  /** The smaller chart of a dialog: less height and smaller ticks, no legend. */
  compact?: boolean;
  testId: string;
}

/**
 * Tokens per day as stacked bars, in the app's colours. Only ever imported by lazily loaded charts, so recharts stays
 * out of the first load; callers give screen readers the same numbers as a table (the chart is aria-hidden).
 */
export function StackedTokenBars({ rows, series, compact = false, testId }: StackedTokenBarsProps) {
  const tick = { fill: 'var(--muted-foreground)', fontSize: compact ? 11 : 12 };
  return (
    <div className={compact ? 'h-48 w-full' : 'h-72 w-full'} aria-hidden="true" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...rows]}
          margin={compact ? { top: 4, right: 4, bottom: 0, left: 0 } : { top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => formatDay(value)}
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={compact ? 12 : 16}
          />
          <YAxis
            tickFormatter={(value: number) => formatTokens(value)}
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={compact ? 40 : 44}
            allowDecimals={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            labelFormatter={(value) => formatDay(String(value), { dateStyle: 'medium' })}
            formatter={(value, name) => [`${formatTokens(Number(value))} tokens`, name]}
            contentStyle={{
              background: 'var(--popover)',
              color: 'var(--popover-foreground)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--popover-foreground)', fontWeight: 600 }}
          />
          {!compact && (
            <Legend
              iconType="circle"
              iconSize={8}
              wrapperStyle={{ fontSize: 12, color: 'var(--muted-foreground)', paddingTop: 8 }}
            />
          )}
          {series.map((s, index) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="tokens"
              fill={s.fill}
              fillOpacity={s.fillOpacity ?? 1}
              radius={index === series.length - 1 ? [4, 4, 0, 0] : 0}
              maxBarSize={48}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
