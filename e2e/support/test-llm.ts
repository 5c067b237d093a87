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
      const placeholders = [...new Set(last.match(/\[[A-Z_]+_\d+\]/g) ?? [])];
      return placeholders.length > 0
        ? `Here is a draft for ${placeholders.join(' and ')}: thank you for your patience.`
        : 'Hello! How can I help you today?';
    },
  });
}
