import { z } from 'zod';
import { enumWithDefault, optionalFlag } from '@/lib/search-params';

export const accountTabs = ['profile', 'subscription', 'api-agent'] as const;
export type AccountTab = (typeof accountTabs)[number];

/** /account [tab (default profile), buyMoreTokens]. */
export const accountSearchSchema = z.object({
  tab: enumWithDefault(accountTabs, 'profile'),
  buyMoreTokens: optionalFlag(),
});
export type AccountSearch = z.infer<typeof accountSearchSchema>;
