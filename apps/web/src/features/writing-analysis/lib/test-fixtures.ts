import type { WritingIssue } from './report-types';

/** An issue on `text.slice(start, end)`, for tests. */
export const issueAt = (
  text: string,
  start: number,
  end: number,
  overrides: Partial<WritingIssue> = {},
): WritingIssue => ({
  id: `${overrides.kind ?? 'spelling'}-${start}-${end}`,
  kind: 'spelling',
  start,
  end,
  text: text.slice(start, end),
  message: 'Check this',
  suggestions: [],
  source: 'test',
  ruleId: null,
  ...overrides,
});
