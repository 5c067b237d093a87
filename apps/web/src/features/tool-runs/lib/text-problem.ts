import type { z } from 'zod';

/**
 * The first message a tool's text rule gives for `text`, or null when it passes: the screen says it as the user
 * types, before a run is started (the server checks the same rule and would answer 400).
 */
export function textProblemFrom(rule: z.ZodType<string>) {
  return (text: string): string | null => {
    const result = rule.safeParse(text);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
