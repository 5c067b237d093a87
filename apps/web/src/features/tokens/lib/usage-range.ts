import { type ServiceName, serviceNames, TOKEN_STATS_MAX_DAYS, type TokenStats } from '@candor/contracts';

/** The quick choices of the usage chart; `today` is the default (spec §9: token stats default to today). */
export const usagePresets = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
] as const;
export type UsagePreset = (typeof usagePresets)[number]['id'];

export interface UsageRange {
  /** YYYY-MM-DD, UTC day, inclusive. */
  from: string;
  /** YYYY-MM-DD, UTC day, inclusive. */
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const parseDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== value ? null : date;
};

/** The UTC days a preset covers, ending today (a 7-day preset is today and the six days before it). */
export function presetRange(preset: UsagePreset, now: Date = new Date()): UsageRange {
  const days = usagePresets.find((item) => item.id === preset)?.days ?? 1;
  const to = isoDay(now);
  const from = isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS));
  return { from, to };
}

/** Number of days in an inclusive range, or null when a date is not a real YYYY-MM-DD day. */
export function rangeLength(range: UsageRange): number | null {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) return null;
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/** A message explaining why a custom range cannot be asked for, or null when it is fine. */
export function validateRange(range: UsageRange): string | null {
  if (!range.from || !range.to) return 'Choose both a start and an end date.';
  const days = rangeLength(range);
  if (days === null) return 'Use real dates, like 2026-01-31.';
  if (days < 1) return 'The start date must be on or before the end date.';
  if (days > TOKEN_STATS_MAX_DAYS) return `Choose at most ${TOKEN_STATS_MAX_DAYS} days (this range has ${days}).`;
  return null;
}

/** One bar of the chart: a day, its total, and the tokens of each service keyed by model_name. */
export type UsageChartRow = { date: string; total: number } & Partial<Record<ServiceName, number>>;

export interface UsageChartData {
  rows: UsageChartRow[];
  /** Services with any use in the period, most used first: one stacked series (and legend entry) each. */
  services: ServiceName[];
  total: number;
}

/** Shapes `get-token-stats` into chart rows: every day of the answer (zeros kept), one key per used service. */
export function toUsageChartData(stats: TokenStats): UsageChartData {
  const perService = new Map<ServiceName, number>();
  for (const day of stats.days)
    for (const item of day.by_model)
      perService.set(item.model_name, (perService.get(item.model_name) ?? 0) + item.tokens);
  const services = [...perService]
    .filter(([, tokens]) => tokens > 0)
    .sort((a, b) => b[1] - a[1] || serviceNames.indexOf(a[0]) - serviceNames.indexOf(b[0]))
    .map(([name]) => name);
  const rows = [...stats.days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => {
      const row: UsageChartRow = { date: day.date, total: 0 };
      for (const service of services) row[service] = 0;
      for (const item of day.by_model) {
        if (!services.includes(item.model_name)) continue;
        row[item.model_name] = (row[item.model_name] ?? 0) + item.tokens;
        row.total += item.tokens;
      }
      return row;
    });
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  return { rows, services, total };
}

/** A stable colour per service (same service, same colour on every range), readable in light and dark themes. */
const palette = [
  'oklch(0.6 0.2 277)',
  'oklch(0.68 0.15 160)',
  'oklch(0.72 0.16 65)',
  'oklch(0.63 0.21 20)',
  'oklch(0.65 0.14 225)',
  'oklch(0.62 0.2 320)',
  'oklch(0.75 0.15 120)',
  'oklch(0.6 0.13 190)',
  'oklch(0.7 0.17 40)',
  'oklch(0.55 0.16 300)',
  'oklch(0.7 0.12 250)',
  'oklch(0.66 0.16 350)',
  'oklch(0.78 0.14 95)',
  'oklch(0.55 0.12 150)',
  'oklch(0.6 0.1 260)',
] as const;
export const serviceColor = (service: ServiceName) =>
  palette[serviceNames.indexOf(service) % palette.length] ?? palette[0];
