import { describe, expect, it } from 'vitest';
import { resolveModel } from './models';

const models = [
  { id: 'llama3.1:8b', name: 'Llama 3.1 8B', provider: 'openai-compatible' as const, context_length: 8192 },
  { id: 'qwen2.5:7b', name: 'Qwen 2.5 7B', provider: 'openai-compatible' as const, context_length: null },
];

describe('resolveModel', () => {
  it('takes the first preference that is still offered', () => {
    expect(resolveModel(models, [undefined, 'gone', 'qwen2.5:7b'])).toBe('qwen2.5:7b');
  });

  it('falls back to the first model, or none when nothing is connected', () => {
    expect(resolveModel(models, ['gone'])).toBe('llama3.1:8b');
    expect(resolveModel([], ['llama3.1:8b'])).toBeUndefined();
  });
});
