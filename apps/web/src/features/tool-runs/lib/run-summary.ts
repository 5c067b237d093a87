import { formatDate, formatTokens } from '@/lib/format';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The line under a stored detector run's title: "Checked 21 Nov 2026 · 104 words · 208 tokens". */
export function checkedRunSummary(createdAt: string, words: number, cost: number): string {
  return `Checked ${formatDate(createdAt, { dateStyle: 'medium' })} · ${words.toLocaleString('en-US')} ${plural(words, 'word', 'words')} · ${formatTokens(cost)} ${plural(cost, 'token', 'tokens')}`;
}
