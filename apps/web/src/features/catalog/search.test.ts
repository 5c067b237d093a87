import type { ProductId } from '@candor/contracts';
import { describe, expect, it } from 'vitest';
import { catalogue, type ProductCategoryId } from '@/config/navigation';
import { allProductsSearchSchema, openingCategory } from './search';

describe('all-products search params', () => {
  it('leaves the tab out when the URL names none or an unknown one', () => {
    expect(allProductsSearchSchema.parse({})).toEqual({ tab: undefined });
    expect(allProductsSearchSchema.parse({ tab: 'nope' })).toEqual({ tab: undefined });
  });

  it.each(['privacy', 'provenance', 'generation', 'ai-humanizer'])('keeps tab %s', (tab) => {
    expect(allProductsSearchSchema.parse({ tab }).tab).toBe(tab);
  });
});

describe('the tab the catalogue opens on', () => {
  const productsOf = (category: ProductCategoryId) => catalogue(category).map((tool) => tool.product);
  const offering =
    (...products: ProductId[]) =>
    (product: ProductId) =>
      products.includes(product);

  it('is the one the URL names, offered or not', () => {
    expect(openingCategory('generation', productsOf, offering('ai-detector'))).toBe('generation');
  });

  it("is the spec's default, ai-humanizer, once the humanizer is offered", () => {
    expect(openingCategory(undefined, productsOf, offering('content-humanizer', 'ai-detector'))).toBe('ai-humanizer');
  });

  it('is the first tab with an offered tool while the default has none', () => {
    expect(openingCategory(undefined, productsOf, offering('ai-detector', 'secure-llm'))).toBe('privacy');
    expect(openingCategory(undefined, productsOf, offering('writing-analysis'))).toBe('provenance');
  });

  it('is the default while availability is unknown', () => {
    expect(openingCategory(undefined, productsOf, () => undefined)).toBe('ai-humanizer');
  });
});

describe('catalogue', () => {
  it('lists the spec catalogue per tab, each entry naming its product', () => {
    expect(catalogue('privacy').map((t) => [t.title, t.product])).toEqual([
      ['Secure LLM Chat', 'secure-llm'],
      ['Document Redactor', 'document-redactor'],
      ['Deepfake Audio Detection', 'vexon'],
      ['File System Scan', 'file-system-scan'],
      ['Data Based Anonymizer', 'data-based-anonymizer'],
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
