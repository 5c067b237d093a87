import { readFile } from 'node:fs/promises';
import { productIds } from '@candor/contracts';
import { describe, expect, it } from 'vitest';
import { builtInProducts, createProductCatalogue } from './products.js';

describe('the product catalogue', () => {
  const catalogue = createProductCatalogue(['ai-detector', 'writing-analysis']);

  it('lists every product with whether it is offered', () => {
    const items = catalogue.availability().items;
    expect(items).toContainEqual({ id: 'ai-detector', available: true });
    expect(items).toContainEqual({ id: 'content-enhancer', available: false });
    expect(items).toContainEqual({ id: 'file-system-scan', available: false });
  });

  it('gives a feature line only when every product it names is offered', () => {
    expect(catalogue.lineAvailable({ text: '14 days' })).toBe(true);
    expect(catalogue.lineAvailable({ text: 'Detection', products: ['ai-detector', 'writing-analysis'] })).toBe(true);
    expect(catalogue.lineAvailable({ text: 'Both', products: ['ai-detector', 'seo-scanner'] })).toBe(false);
  });

  it('sells a plan unless every product it promises is still to come', () => {
    expect(catalogue.planAvailable([{ text: 'Tokens' }])).toBe(true);
    expect(
      catalogue.planAvailable([
        { text: 'A', products: ['ai-detector'] },
        { text: 'B', products: ['seo-scanner'] },
      ]),
    ).toBe(true);
    expect(
      catalogue.planAvailable([{ text: 'Writer', products: ['stealth-ai-writer'] }, { text: 'Unlimited tokens' }]),
    ).toBe(false);
  });
});

describe('the README', () => {
  it('lists every product with the status this build gives it', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- products:start -->'), readme.indexOf('<!-- products:end -->'));
    const rows = [...table.matchAll(/^\| [^|]+ \| `([a-z-]+)` \| (available|coming soon) \|$/gm)].map((m) => [
      m[1],
      m[2] === 'available',
    ]);
    const built = builtInProducts();
    expect(rows.map(([id]) => id).sort()).toEqual([...productIds].sort());
    expect(rows).toEqual(rows.map(([id]) => [id, built.isAvailable(String(id))]));
  });
});
