import { StackedTokenBars } from '@/components/charts/stacked-token-bars';
import { serviceLabels } from '@/features/history/service-meta';
import { serviceColor, type UsageChartData } from '../lib/usage-range';

/** Tokens per day, one colour per service. Loaded with React.lazy; the data table lives with the caller. */
export default function UsageChart({ data }: { data: UsageChartData }) {
  // A service with no tokens on a day is left out of that day's tooltip (the tooltip drops null values).
  const rows = data.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === 0 && key !== 'total' ? null : value])),
  );
  const series = data.services.map((service) => ({
    key: service,
    name: serviceLabels[service],
    fill: serviceColor(service),
  }));
  return <StackedTokenBars rows={rows} series={series} testId="usage-chart" />;
}
