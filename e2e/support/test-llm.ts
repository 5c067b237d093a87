import { appendFileSync } from 'node:fs';
import { startOpenAiTestServer } from '@candor/llm/testing';

/**
 * The e2e run's LLM: answers by naming the placeholders of the last prompt (so the journey sees them restored) and
 * appends every request's messages to `log`, where the chat journey checks that no raw value ever arrived.
 */
export function startTestLlm(options: { port: number; log: string }) {
  return startOpenAiTestServer({
    port: options.port,
    chunkDelayMs: 40,
    reply: (messages) => {
      appendFileSync(options.log, `${JSON.stringify(messages)}\n`);
      const last = messages.at(-1)?.content ?? '';
      const written = generationReply(last);
      if (written !== null) return written;
      const placeholders = [...new Set(last.match(/\[[A-Z_]+_\d+\]/g) ?? [])];
      return placeholders.length > 0
        ? `Here is a draft for ${placeholders.join(' and ')}: thank you for your patience.`
        : 'Hello! How can I help you today?';
    },
  });
}

/**
 * What the test model writes for the generation tools' prompts (packages/engines/generate/src/llm/prompts.ts): an
 * outline, a section, an addition, or the text it was given with a sentence more; null for anything else (the chat).
 */
function generationReply(prompt: string): string | null {
  if (prompt.startsWith('Plan a '))
    return 'Cheap solar power\n1. Why prices fell\n2. Storage at night\n3. What comes next';
  const section = /Write the section "([^"]+)"/.exec(prompt);
  if (section) return `${section[1]} matters because panels got cheaper every year, and utilities now plan around it.`;
  if (prompt.includes('Write only the new part'))
    return 'Grid operators are also testing pumped hydro storage in the Alps.';
  const text = prompt.split('\n\nText:\n')[1];
  if (text === undefined) return null;
  if (prompt.startsWith('Expand'))
    return `${text}\n\nThis matters for households too, since bills follow the cost of power.`;
  if (prompt.startsWith('Summarize') || prompt.startsWith('Shorten')) return text.split(/(?<=\.)\s+/)[0] ?? text;
  return text;
}
