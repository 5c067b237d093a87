import { describe, expect, it } from 'vitest';
import { secureLlmSearchSchema } from './search';

describe('secureLlmSearchSchema', () => {
  it('keeps a chat id and drops anything unusable', () => {
    const id = '0b8c5a5e-4a57-4f0e-9a3b-1f2d3c4b5a69';
    expect(secureLlmSearchSchema.parse({ chat: id })).toEqual({ chat: id });
    expect(secureLlmSearchSchema.parse({ chat: '   ' })).toEqual({ chat: undefined });
    expect(secureLlmSearchSchema.parse({ chat: 'x'.repeat(101) })).toEqual({ chat: undefined });
    expect(secureLlmSearchSchema.parse({})).toEqual({ chat: undefined });
  });
});
