/** The all-products catalogue tabs (spec §2). Kept free of icons so search validation stays in the small entry chunk. */
export const productCategoryIds = ['privacy', 'provenance', 'generation', 'ai-humanizer'] as const;
export type ProductCategoryId = (typeof productCategoryIds)[number];

export interface ProductCategory {
  id: ProductCategoryId;
  label: string;
  description: string;
}

/** In display order. */
export const productCategories: ProductCategory[] = [
  {
    id: 'privacy',
    label: 'Privacy',
    description: 'Keep personal and confidential data out of prompts, files and calls.',
  },
  {
    id: 'provenance',
    label: 'Provenance',
    description: 'Find out who — or what — wrote a text, and where it came from.',
  },
  { id: 'generation', label: 'Generation', description: 'Write and improve content that reads naturally.' },
  { id: 'ai-humanizer', label: 'AI Humanizer', description: 'Rewrite AI drafts so they sound like you.' },
];
