import { describe, expect, it } from 'vitest';
import { catalogue } from '@/config/navigation';
import { allProductsSearchSchema } from './search';

describe('all-products search params', () => {
  it('defaults to ai-humanizer', () => {
    expect(allProductsSearchSchema.parse({})).toEqual({ tab: 'ai-humanizer' });
    expect(allProductsSearchSchema.parse({ tab: 'nope' })).toEqual({ tab: 'ai-humanizer' });
  });

  it.each(['privacy', 'provenance', 'generation', 'ai-humanizer'])('keeps tab %s', (tab) => {
    expect(allProductsSearchSchema.parse({ tab }).tab).toBe(tab);
  });
});

describe('catalogue', () => {
  it('lists the spec catalogue per tab, with the two privacy tools disabled', () => {
    expect(catalogue('privacy').map((t) => [t.title, Boolean(t.disabled)])).toEqual([
      ['Secure LLM Chat', false],
      ['Document Redactor', false],
      ['Deepfake Audio Detection', false],
      ['File System Scan', true],
      ['Data Based Anonymizer', true],
    ]);
    expect(catalogue('provenance').map((t) => t.title)).toEqual([
      'AI Detector',
      'Humanized Text Detector',
      'Copyright Detector',
      'Writing Analysis',
    ]);
    expect(catalogue('generation').map((t) => t.title)).toEqual(['Stealth AI', 'Content Enhancer']);
    expect(catalogue('ai-humanizer').map((t) => [t.title, t.badge])).toEqual([['AI Humanizer', 'Beta']]);
  });
});
