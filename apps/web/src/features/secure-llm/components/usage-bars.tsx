import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatTokens } from '@/lib/format';
import type { UsageDay } from '../lib/usage';

const dayLabel = (date: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }) =>
  formatDate(`${date}T00:00:00Z`, { ...options, timeZone: 'UTC' });

/**
 * Chat tokens per day, prompt and reply stacked. Loaded lazily so recharts stays out of the first load; the
 * dialog carries the same numbers as a table for screen readers.
 */
export default function UsageBars({ days }: { days: readonly UsageDay[] }) {
  return (
    <div className="h-48 w-full" aria-hidden="true" data-testid="chat-usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...days]} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => dayLabel(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={12}
          />
          <YAxis
            tickFormatter={(value: number) => formatTokens(value)}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            width={40}
            allowDecimals={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            labelFormatter={(value) => dayLabel(String(value), { dateStyle: 'medium' })}
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
          <Bar dataKey="prompt" name="Prompts" stackId="t" fill="var(--color-primary)" isAnimationActive={false} />
          <Bar
            dataKey="completion"
            name="Replies"
            stackId="t"
            fill="var(--color-primary)"
            fillOpacity={0.45}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
