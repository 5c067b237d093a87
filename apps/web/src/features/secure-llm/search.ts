import { z } from 'zod';
import { optionalText } from '@/lib/search-params';

/** /secure-llm [chat]: the open chat, so a chat can be linked and survives a reload. */
export const secureLlmSearchSchema = z.object({ chat: optionalText(100) });
export type SecureLlmSearch = z.infer<typeof secureLlmSearchSchema>;
