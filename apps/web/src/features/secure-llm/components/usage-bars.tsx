import { StackedTokenBars } from '@/components/charts/stacked-token-bars';
import type { UsageDay } from '../lib/usage';

const series = [
  { key: 'prompt', name: 'Prompts', fill: 'var(--color-primary)' },
  { key: 'completion', name: 'Replies', fill: 'var(--color-primary)', fillOpacity: 0.45 },
];

/** Chat tokens per day, prompt and reply stacked. Loaded lazily; the dialog carries the numbers as a table too. */
export default function UsageBars({ days }: { days: readonly UsageDay[] }) {
  return <StackedTokenBars rows={days} series={series} compact testId="chat-usage-chart" />;
}
