import type { ChatSummary } from '@candor/contracts/governance';
import { describe, expect, it } from 'vitest';
import { chatsByTokens, dailyMeter, fillUsageDays, groupChatsByDate, usageRange } from './usage';

describe('usageRange', () => {
  it('ends today in UTC and spans the asked number of days', () => {
    expect(usageRange(new Date('2026-03-01T23:30:00Z'), 3)).toEqual({ from_date: '2026-02-27', to_date: '2026-03-01' });
  });
});

describe('fillUsageDays', () => {
  it('lists every day of the range, with zeros for days without use', () => {
    const rows = fillUsageDays([{ date: '2026-02-28', prompt_tokens: 120, completion_tokens: 30 }], {
      from_date: '2026-02-27',
      to_date: '2026-03-01',
    });
    expect(rows).toEqual([
      { date: '2026-02-27', prompt: 0, completion: 0, total: 0 },
      { date: '2026-02-28', prompt: 120, completion: 30, total: 150 },
      { date: '2026-03-01', prompt: 0, completion: 0, total: 0 },
    ]);
  });
});

describe('dailyMeter', () => {
  it('fills towards the limit and warns near it', () => {
    expect(dailyMeter(50_000, 200_000)).toEqual({ ratio: 0.25, level: 'ok', remaining: 150_000 });
    expect(dailyMeter(170_000, 200_000).level).toBe('high');
    expect(dailyMeter(210_000, 200_000)).toEqual({ ratio: 1, level: 'full', remaining: 0 });
  });

  it('has no ratio without a limit', () => {
    expect(dailyMeter(9_999_999, null)).toEqual({ ratio: null, level: 'ok', remaining: null });
  });
});

describe('chatsByTokens', () => {
  it('orders chats by tokens used and leaves out unused ones', () => {
    expect(
      chatsByTokens([
        { chat_id: 'a', title: 'A', tokens: 10 },
        { chat_id: 'b', title: 'B', tokens: 0 },
        { chat_id: 'c', title: 'C', tokens: 90 },
      ]).map((c) => c.chat_id),
    ).toEqual(['c', 'a']);
  });
});

describe('groupChatsByDate', () => {
  const chat = (id: string, updated: Date): ChatSummary => ({
    id,
    title: id,
    model: 'm',
    message_count: 2,
    tokens: 10,
    created_at: updated.toISOString(),
    updated_at: updated.toISOString(),
  });

  it('sorts chats newest first into day sections', () => {
    const now = new Date(2026, 2, 10, 15, 0);
    const groups = groupChatsByDate(
      [
        chat('old', new Date(2025, 11, 1)),
        chat('today', new Date(2026, 2, 10, 9, 0)),
        chat('yesterday', new Date(2026, 2, 9, 23, 0)),
        chat('week', new Date(2026, 2, 5)),
        chat('later-today', new Date(2026, 2, 10, 14, 0)),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.chats.map((c) => c.id)])).toEqual([
      ['Today', ['later-today', 'today']],
      ['Yesterday', ['yesterday']],
      ['Previous 7 days', ['week']],
      ['Older', ['old']],
    ]);
  });
});
