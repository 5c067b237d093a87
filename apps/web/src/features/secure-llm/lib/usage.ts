import type { ChatSummary, ChatTokenUsage } from '@candor/contracts/governance';

const DAY_MS = 86_400_000;
/** Days the usage dialog shows, ending today (UTC, as the daily limit counts). */
export const USAGE_DAYS = 14;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The `my-tokens` range: the last `days` UTC days, today included. */
export function usageRange(now: Date, days = USAGE_DAYS): { from_date: string; to_date: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from_date: isoDay(new Date(today - (days - 1) * DAY_MS)), to_date: isoDay(new Date(today)) };
}

export interface UsageDay {
  date: string;
  prompt: number;
  completion: number;
  total: number;
}

/** One row per day of the range, days without use included (the server lists only days with tokens). */
export function fillUsageDays(byDay: ChatTokenUsage['by_day'], range: { from_date: string; to_date: string }) {
  const known = new Map(byDay.map((day) => [day.date.slice(0, 10), day]));
  const rows: UsageDay[] = [];
  const end = Date.parse(`${range.to_date}T00:00:00Z`);
  for (let time = Date.parse(`${range.from_date}T00:00:00Z`); time <= end; time += DAY_MS) {
    const date = isoDay(new Date(time));
    const day = known.get(date);
    const prompt = day?.prompt_tokens ?? 0;
    const completion = day?.completion_tokens ?? 0;
    rows.push({ date, prompt, completion, total: prompt + completion });
  }
  return rows;
}

export type MeterLevel = 'ok' | 'high' | 'full';

export interface Meter {
  /** 0–1 of the daily limit; null when unlimited. */
  ratio: number | null;
  level: MeterLevel;
  remaining: number | null;
}

/** Today's chat tokens against the daily allowance: amber from 80 %, red once it is used up. */
export function dailyMeter(today: number, limit: number | null): Meter {
  if (limit === null) return { ratio: null, level: 'ok', remaining: null };
  if (limit <= 0) return { ratio: 1, level: 'full', remaining: 0 };
  const ratio = Math.min(1, Math.max(0, today / limit));
  const level: MeterLevel = today >= limit ? 'full' : ratio >= 0.8 ? 'high' : 'ok';
  return { ratio, level, remaining: Math.max(0, limit - today) };
}

/** The per-chat list of the dialog: most tokens first, chats without any left out. */
export const chatsByTokens = (byChat: ChatTokenUsage['by_chat']) =>
  byChat.filter((chat) => chat.tokens > 0).sort((a, b) => b.tokens - a.tokens || a.title.localeCompare(b.title));

export type ChatGroupLabel = 'Today' | 'Yesterday' | 'Previous 7 days' | 'Previous 30 days' | 'Older';

/** The sidebar's sections, by last activity in the user's own calendar (local days). */
export function groupChatsByDate(chats: readonly ChatSummary[], now: Date) {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const label = (updated: string): ChatGroupLabel => {
    const time = Date.parse(updated);
    if (time >= startOfToday) return 'Today';
    if (time >= startOfToday - DAY_MS) return 'Yesterday';
    if (time >= startOfToday - 7 * DAY_MS) return 'Previous 7 days';
    if (time >= startOfToday - 30 * DAY_MS) return 'Previous 30 days';
    return 'Older';
  };
  const groups: { label: ChatGroupLabel; chats: ChatSummary[] }[] = [];
  const sorted = [...chats].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  for (const chat of sorted) {
    const name = label(chat.updated_at);
    const last = groups[groups.length - 1];
    if (last?.label === name) last.chats.push(chat);
    else groups.push({ label: name, chats: [chat] });
  }
  return groups;
}
