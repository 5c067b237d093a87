import { describe, expect, it } from 'vitest';
import { curlExample, javascriptExample, pythonExample } from './code-examples';

const input = {
  baseUrl: 'https://candor.test/api/public',
  key: 'cnd_live_Ab3x…',
  tool: 'ai-detection',
  text: "It's done.",
};

describe('code examples', () => {
  it('call the reader’s base URL and tool with their key prefix', () => {
    for (const example of [curlExample(input), javascriptExample(input), pythonExample(input)]) {
      expect(example).toContain('https://candor.test/api/public/v1/ai-detection');
      expect(example).toContain('cnd_live_Ab3x…');
    }
  });

  it('quote a text with an apostrophe so the shell keeps it whole', () => {
    expect(curlExample(input)).toContain(`-d '{"text":"It'\\''s done."}'`);
  });
});
