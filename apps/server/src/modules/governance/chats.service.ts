import { randomUUID } from 'node:crypto';
import type {
  ChatDetail,
  ChatMessage,
  ChatSend,
  ChatStreamEvent,
  ChatSummary,
  ChatTokenQuery,
  ChatTokenUsage,
  LlmList,
} from '@candor/contracts/governance';
import type { Database } from '@candor/db';
import { createPseudonymizer, restorePseudonyms, transformText } from '@candor/engine-pii';
import {
  estimateMessagesTokens,
  estimateTokens,
  LlmError,
  type LlmMessage,
  type LlmProvider,
  type LlmUsage,
} from '@candor/llm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound, tooManyRequests } from '../../http/errors.js';
import { textTitle } from '../../text-title.js';
import type { ChatMessageRow, ChatRow, ChatsRepository } from './chats.repository.js';
import type { VaultEntries, VaultRepository } from './vault.js';

/** Tells the model what the placeholders are, so it repeats them intact and they can be restored. */
const SYSTEM_PROMPT =
  'Some personal details in this conversation were replaced with placeholders such as [PERSON_NAME_1] or ' +
  '[EMAIL_ADDRESS_2]. Treat each placeholder as the real value it stands for and write it exactly as it appears ' +
  'whenever you refer to it.';
/** A pseudonym is at most this long ([US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER_999]); a longer "[" is text. */
const LONGEST_PSEUDONYM = 64;
const TITLE_LENGTH = 60;
const DAY_MS = 86_400_000;
const DEFAULT_USAGE_DAYS = 30;
/**
 * How long a user's reply lease lasts from its last renewal. The reply renews it every third of that while the model
 * writes, however long that takes, so it need not outlast a reply, only a renewal lost to a database hiccup. Short,
 * because it is what frees the user of a process that died mid-reply.
 */
export const REPLY_LEASE_MS = 2 * 60_000;
const REPLY_LEASE_RENEWAL_MS = REPLY_LEASE_MS / 3;

const chatMissing = () => notFound('This chat does not exist');
const vaultScope = (chatId: string) => `chat:${chatId}`;
const replyInProgress = () =>
  new AppError(
    'chat_reply_in_progress',
    409,
    'Another reply is still being written, perhaps in another tab. Wait for it to finish or stop it, then send again.',
  );

export interface ChatServiceDeps {
  db: Database;
  repo: ChatsRepository;
  vault: VaultRepository;
  /** Undefined when no LLM is configured. */
  llm: LlmProvider | undefined;
  dailyTokens: number | null;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** Restores a streamed reply piece by piece, holding back a "[" until it is known not to start a pseudonym. */
function createReplyUnmasker(entries: VaultEntries) {
  let masked = '';
  let sent = 0;
  const restore = (text: string) => restorePseudonyms(text, entries).text;
  return {
    push(delta: string): string {
      masked += delta;
      let safe = masked.length;
      const open = masked.lastIndexOf('[');
      if (open >= sent && !masked.includes(']', open) && masked.length - open < LONGEST_PSEUDONYM) safe = open;
      const piece = masked.slice(sent, safe);
      sent = safe;
      return restore(piece);
    },
    flush(): string {
      const piece = masked.slice(sent);
      sent = masked.length;
      return restore(piece);
    },
    get masked() {
      return masked;
    },
  };
}

function toSummary(row: { chat: ChatRow; messageCount: number; tokens: number }): ChatSummary {
  return {
    id: row.chat.id,
    title: row.chat.title,
    model: row.chat.model,
    message_count: row.messageCount,
    tokens: row.tokens,
    created_at: row.chat.createdAt.toISOString(),
    updated_at: row.chat.updatedAt.toISOString(),
  };
}

function toMessage(row: ChatMessageRow, entries: VaultEntries): ChatMessage {
  const restored = restorePseudonyms(row.maskedContent, entries);
  return {
    id: row.id,
    role: row.role,
    content: restored.text,
    masked_content: row.maskedContent,
    spans: restored.spans,
    usage:
      row.role === 'assistant'
        ? { prompt_tokens: row.promptTokens, completion_tokens: row.completionTokens, estimated: row.usageEstimated }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

const llmFailure = (error: unknown): { code: string; message: string } => {
  if (error instanceof LlmError) return { code: `llm_${error.kind}`, message: error.message };
  return { code: 'llm_upstream', message: 'The model could not answer. Try again in a moment.' };
};

/** Secure LLM Chat: mask → LLM → unmask, with chats stored masked and their pseudonyms in an encrypted vault. */
export function createChatService(deps: ChatServiceDeps) {
  const { db, repo, vault } = deps;

  const ownedChat = async (userId: string, chatId: string) => {
    const row = await repo.findOwned(userId, chatId);
    if (!row) throw chatMissing();
    return row;
  };

  const requireModel = (model: string) => {
    if (!deps.llm) {
      throw new AppError(
        'llm_not_configured',
        503,
        'No language model is connected. Set LLM_BASE_URL and LLM_MODELS, or LLM_MODEL_PATH, and restart the server.',
      );
    }
    if (!deps.llm.models().some((m) => m.id === model)) {
      throw new AppError('unknown_model', 400, 'This model is not available; choose another one');
    }
    return deps.llm;
  };

  /**
   * Masks the prompt and stores it, with the chat when it is new and the values it brings into the chat's vault;
   * returns them and the conversation the model is sent.
   */
  const storePrompt = async (userId: string, body: ChatSend, existing: { chat: ChatRow } | undefined, now: Date) => {
    const entries = existing ? await vault.load(db, userId, vaultScope(existing.chat.id)) : {};
    const pseudonyms = createPseudonymizer(entries);
    const findings = body.masks.map((mask) => ({
      ...mask,
      score: 1,
      text: body.content.slice(mask.start, mask.end),
    }));
    const maskedPrompt = transformText(body.content, findings, { style: 'pseudonym', pseudonyms }).text;
    const updatedEntries = pseudonyms.entries();

    // The prompt, the chat (when new) and the vault commit together: a stored prompt can always be unmasked.
    const { chat, prompt } = await db.transaction(async (tx) => {
      const chat =
        existing?.chat ??
        (await repo.create(tx, {
          userId,
          model: body.model,
          title: textTitle(maskedPrompt, TITLE_LENGTH),
          now,
        }));
      await vault.save(tx, userId, vaultScope(chat.id), updatedEntries);
      const prompt = await repo.addMessage(tx, {
        chatId: chat.id,
        userId,
        role: 'user',
        maskedContent: maskedPrompt,
        createdAt: now,
      });
      return { chat, prompt };
    });
    const history = await repo.messages(chat.id);
    const llmMessages: LlmMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      ...history.map((m) => ({ role: m.role, content: m.maskedContent })),
    ];
    return { entries, updatedEntries, chat, prompt, llmMessages };
  };

  /**
   * Passes the model's events on and renews the reply lease on a timer until they end, whether or not the model sends
   * any: one can be silent for a long while (a local model busy with other replies) and the lease must not run out.
   */
  async function* renewingReplyLease<T>(events: AsyncIterable<T>, userId: string, leaseId: string): AsyncGenerator<T> {
    let renewing = true;
    const renew = async () => {
      try {
        const expiresAt = new Date(deps.clock().getTime() + REPLY_LEASE_MS);
        if (await repo.renewReplyLease({ userId, leaseId, expiresAt })) return;
        clearInterval(timer);
        // Renewals failed until the lease ran out and another send took it over: its user has two replies at once.
        if (renewing) deps.log.warn({ userId }, 'a chat reply lost its lease to another send of its user');
      } catch (err) {
        deps.log.warn({ err, userId }, 'a chat reply lease could not be renewed; the next renewal tries again');
      }
    };
    const timer = setInterval(renew, REPLY_LEASE_RENEWAL_MS);
    // A reply in progress must not keep a stopping process alive.
    timer.unref();
    try {
      yield* events;
    } finally {
      renewing = false;
      clearInterval(timer);
    }
  }

  return {
    models: (): LlmList => ({ models: deps.llm?.models() ?? [] }),

    async list(userId: string): Promise<ChatSummary[]> {
      return (await repo.list(userId)).map(toSummary);
    },

    async detail(userId: string, chatId: string): Promise<ChatDetail> {
      const row = await ownedChat(userId, chatId);
      const entries = await vault.load(db, userId, vaultScope(chatId));
      const messages = await repo.messages(chatId);
      return { ...toSummary(row), messages: messages.map((m) => toMessage(m, entries)) };
    },

    async rename(userId: string, chatId: string, title: string): Promise<ChatSummary> {
      if (!(await repo.rename(userId, chatId, title))) throw chatMissing();
      return toSummary(await ownedChat(userId, chatId));
    },

    async remove(userId: string, chatId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await vault.remove(tx, userId, vaultScope(chatId));
        if (!(await repo.remove(tx, userId, chatId))) throw chatMissing();
      });
    },

    async usage(userId: string, query: ChatTokenQuery): Promise<ChatTokenUsage> {
      const now = deps.clock();
      const to = query.to_date ? new Date(`${query.to_date}T00:00:00Z`) : startOfUtcDay(now);
      const from = query.from_date
        ? new Date(`${query.from_date}T00:00:00Z`)
        : new Date(to.getTime() - (DEFAULT_USAGE_DAYS - 1) * DAY_MS);
      if (from > to) throw new AppError('validation_failed', 400, 'from_date must not be after to_date');
      const byDay = await repo.tokensByDay(userId, from, new Date(to.getTime() + DAY_MS));
      const chats = await repo.list(userId);
      return {
        daily_limit: deps.dailyTokens,
        today: await repo.tokensSince(userId, startOfUtcDay(now)),
        by_day: byDay.map((d) => ({
          date: d.date,
          prompt_tokens: d.promptTokens,
          completion_tokens: d.completionTokens,
        })),
        by_chat: chats.map((c) => ({ chat_id: c.chat.id, title: c.chat.title, tokens: c.tokens })),
      };
    },

    /**
     * Checks the request and takes the user's reply lease before anything is streamed (errors here are ordinary
     * 4xx/5xx answers), then returns the stream of events: the chat, the stored prompt, the reply as it arrives, and
     * the stored reply. The stream renews the lease while the model writes and gives it back when it ends, so the
     * caller must run it to its end.
     */
    async send(userId: string, body: ChatSend): Promise<(signal: AbortSignal) => AsyncGenerator<ChatStreamEvent>> {
      const llm = requireModel(body.model);
      const existing = body.chat_id ? await ownedChat(userId, body.chat_id) : undefined;
      const now = deps.clock();
      const leaseId = randomUUID();
      // One transaction, so the allowance is read under the lease: no other send of the user's can start until this
      // reply has recorded its tokens, which it does in the transaction that gives the lease back.
      await db.transaction(async (tx) => {
        const expiresAt = new Date(now.getTime() + REPLY_LEASE_MS);
        if (!(await repo.takeReplyLease(tx, { userId, leaseId, now, expiresAt }))) throw replyInProgress();
        if (deps.dailyTokens === null) return;
        const used = await repo.tokensSince(userId, startOfUtcDay(now), tx);
        if (used >= deps.dailyTokens) {
          const tomorrow = startOfUtcDay(now).getTime() + DAY_MS;
          throw tooManyRequests(
            'chat_daily_limit',
            `You have used today's ${deps.dailyTokens.toLocaleString('en')} chat tokens; the limit resets at midnight UTC.`,
            (tomorrow - now.getTime()) / 1000,
          );
        }
      });
      const stored = await storePrompt(userId, body, existing, now).catch(async (error: unknown) => {
        // No stream will run to give the lease back.
        await repo.releaseReplyLease(db, userId, leaseId);
        throw error;
      });
      const { entries, updatedEntries, chat, prompt, llmMessages } = stored;

      return async function* stream(signal: AbortSignal) {
        // Given back by the exchange's last transaction; `finally` covers a stream that ends any other way (its
        // clean-up failed, or its consumer stopped iterating, which runs no `catch`).
        let leaseHeld = true;
        try {
          yield { type: 'chat', chat: toSummary(await ownedChat(userId, chat.id)) };
          yield { type: 'prompt', message: toMessage(prompt, updatedEntries) };
          const unmasker = createReplyUnmasker(updatedEntries);
          // The model's count, from the stream's last event; a stopped stream ends with one too (the provider's
          // count, or its chars/4 estimate, of what was sent and streamed). Undefined when the stream failed.
          let usage: LlmUsage | undefined;
          const recordUsage = (tx: Parameters<typeof repo.recordUsage>[0], spent: LlmUsage, createdAt: Date) =>
            repo.recordUsage(tx, {
              userId,
              chatId: chat.id,
              promptTokens: spent.prompt_tokens,
              completionTokens: spent.completion_tokens,
              estimated: spent.estimated,
              createdAt,
            });
          try {
            const events = llm.streamChat({ model: body.model, messages: llmMessages, signal });
            for await (const event of renewingReplyLease(events, userId, leaseId)) {
              if (event.type === 'delta') {
                const text = unmasker.push(event.text);
                if (text) yield { type: 'delta', text };
              } else {
                usage = event.usage;
              }
            }
            // Stopped by the user: like a failure, the exchange is dropped and the screen gives the text back.
            if (signal.aborted) throw signal.reason;
            const rest = unmasker.flush();
            if (rest) yield { type: 'delta', text: rest };
            const spent = usage ?? { prompt_tokens: 0, completion_tokens: 0, estimated: true };
            const reply = await db.transaction(async (tx) => {
              const createdAt = deps.clock();
              const reply = await repo.addMessage(tx, {
                chatId: chat.id,
                userId,
                role: 'assistant',
                maskedContent: unmasker.masked,
                promptTokens: spent.prompt_tokens,
                completionTokens: spent.completion_tokens,
                usageEstimated: spent.estimated,
                createdAt,
              });
              await recordUsage(tx, spent, createdAt);
              await repo.releaseReplyLease(tx, userId, leaseId);
              // A Stop can land while the reply is being saved (after the check above); the screen then says nothing
              // was saved, so nothing may be. Checked here, as the last statement before COMMIT, it rolls the reply
              // back and takes the stopped path below. What is left is the COMMIT's own round trip: a Stop the
              // server notices during it finds the reply kept without the client having had its `reply` event. No
              // check in this process can close that: the database may have committed before its answer arrives.
              if (signal.aborted) throw signal.reason;
              return reply;
            });
            leaseHeld = false;
            yield { type: 'reply', message: toMessage(reply, updatedEntries) };
          } catch (error) {
            // The tokens the model spent count toward the day even though nothing of the exchange is kept. A stream
            // that failed mid-reply sends no count, so it is estimated the way the provider does. A Stop counts too
            // when it came before the first token: the provider had read the prompt and bills it, and sending and
            // stopping at once must not chat for free. A failure before the first token counts nothing: the
            // provider doesn't bill a request it failed.
            const failedBeforeFirstToken = !signal.aborted && unmasker.masked === '';
            const spent: LlmUsage | undefined =
              usage ??
              (failedBeforeFirstToken
                ? undefined
                : {
                    prompt_tokens: estimateMessagesTokens(llmMessages),
                    completion_tokens: estimateTokens(unmasker.masked),
                    estimated: true,
                  });
            // No reply, no prompt (and no chat, when it was new): the screen keeps the text, so sending it again
            // doesn't repeat it. The values the prompt brought into the chat's vault go with it.
            await db.transaction(async (tx) => {
              // Recorded before a new chat goes, whose deletion then clears the row's chat_id.
              if (spent) await recordUsage(tx, spent, deps.clock());
              if (existing) {
                if (Object.keys(updatedEntries).length !== Object.keys(entries).length)
                  await vault.save(tx, userId, vaultScope(chat.id), entries);
                await repo.deleteMessage(tx, prompt.id);
              } else {
                await vault.remove(tx, userId, vaultScope(chat.id));
                await repo.remove(tx, userId, chat.id);
              }
              await repo.releaseReplyLease(tx, userId, leaseId);
            });
            leaseHeld = false;
            if (!signal.aborted) yield { type: 'error', error: llmFailure(error) };
          }
        } finally {
          if (leaseHeld) await repo.releaseReplyLease(db, userId, leaseId);
        }
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
