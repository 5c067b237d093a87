import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { serviceLabels } from '@/features/history/service-meta';
import { formatTokens } from '@/lib/format';
import { formatDay, serviceColor, type UsageChartData } from '../lib/usage-range';

/**
 * Stacked bars of tokens per day, one colour per service. Loaded with React.lazy so recharts stays out of the
 * first-load bundle; the accessible data table lives with the caller (usage-overview.tsx).
 */
export default function UsageChart({ data }: { data: UsageChartData }) {
  // A service with no tokens on a day is left out of that day's tooltip (the tooltip drops null values).
  const rows = data.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === 0 && key !== 'total' ? null : value])),
  );
  return (
    <div className="h-72 w-full" aria-hidden="true" data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => formatDay(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(value: number) => formatTokens(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={44}
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
          <Legend
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 12, color: 'var(--muted-foreground)', paddingTop: 8 }}
          />
          {data.services.map((service, index) => (
            <Bar
              key={service}
              dataKey={service}
              name={serviceLabels[service]}
              stackId="tokens"
              fill={serviceColor(service)}
              radius={index === data.services.length - 1 ? [4, 4, 0, 0] : 0}
              maxBarSize={48}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
