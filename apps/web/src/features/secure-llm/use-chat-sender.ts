import type { ChatDetail, ChatList, ChatMask, ChatMessage, ChatSummary } from '@candor/contracts/governance';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { ChatStreamError, streamChatMessage } from './api/chat-stream';
import { secureLlmKeys } from './api/secure-llm.queries';

/** The message on its way: shown until the stored prompt and reply take its place. */
export interface Exchange {
  chatId: string | undefined;
  /** Sent from the new-chat screen: it belongs there until the route has moved to the created chat. */
  newChat: boolean;
  content: string;
  masks: ChatMask[];
  /** The stored prompt (with its pseudonyms), once the server has it. */
  prompt: ChatMessage | null;
  /** The reply so far. */
  reply: string;
}

export interface SendFailure {
  code: string;
  message: string;
  /** Seconds until the daily allowance resets (429). */
  retryAfter?: number;
}

export type SendOutcome = 'replied' | 'failed' | 'stopped';

export interface SendInput {
  chatId: string | undefined;
  model: string;
  content: string;
  masks: ChatMask[];
}

const appendMessage = (detail: ChatDetail | null | undefined, message: ChatMessage) =>
  detail && !detail.messages.some((m) => m.id === message.id)
    ? { ...detail, messages: [...detail.messages, message] }
    : detail;

const upsertChat = (list: ChatList | undefined, chat: ChatSummary): ChatList => ({
  items: [chat, ...(list?.items ?? []).filter((item) => item.id !== chat.id)],
});

function describeFailure(error: unknown): SendFailure {
  if (isApiError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    };
  }
  if (error instanceof ChatStreamError) return { code: error.code, message: error.message };
  return { code: 'network', message: getErrorMessage(error) };
}

/**
 * Sends a message and follows its reply stream into the query cache. A failed or stopped reply leaves nothing
 * stored (the server removes the prompt, and a new chat with it), so the caller gives the text back to the composer.
 */
export function useChatSender({
  onChatCreated,
  onNewChatDiscarded,
}: {
  onChatCreated: (chatId: string) => void;
  onNewChatDiscarded: (chatId: string) => void;
}) {
  const queryClient = useQueryClient();
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const controller = useRef<AbortController | null>(null);
  const callbacks = useRef({ onChatCreated, onNewChatDiscarded });
  callbacks.current = { onChatCreated, onNewChatDiscarded };

  const send = useCallback(
    async (input: SendInput): Promise<SendOutcome> => {
      if (controller.current) return 'failed';
      const abort = new AbortController();
      controller.current = abort;
      setFailure(null);
      setExchange({
        chatId: input.chatId,
        newChat: !input.chatId,
        content: input.content,
        masks: input.masks,
        prompt: null,
        reply: '',
      });
      let chatId = input.chatId;
      let createdChatId: string | undefined;
      let outcome: SendOutcome = 'failed';
      try {
        const body = {
          ...(input.chatId ? { chat_id: input.chatId } : {}),
          model: input.model,
          content: input.content,
          masks: input.masks,
        };
        for await (const event of streamChatMessage(body, abort.signal)) {
          if (event.type === 'chat') {
            chatId = event.chat.id;
            queryClient.setQueryData<ChatList>(secureLlmKeys.chatList(), (list) => upsertChat(list, event.chat));
            if (!input.chatId) {
              createdChatId = event.chat.id;
              const seeded: ChatDetail = { ...event.chat, messages: [] };
              queryClient.setQueryData<ChatDetail | null>(secureLlmKeys.chat(event.chat.id), seeded);
              callbacks.current.onChatCreated(event.chat.id);
            }
            setExchange((current) => current && { ...current, chatId: event.chat.id });
          } else if (event.type === 'prompt' || event.type === 'reply') {
            if (!chatId) continue;
            const key = secureLlmKeys.chat(chatId);
            // A refetch started before this message was stored would otherwise overwrite it.
            await queryClient.cancelQueries({ queryKey: key });
            queryClient.setQueryData<ChatDetail | null>(key, (detail) => appendMessage(detail, event.message));
            if (event.type === 'prompt') setExchange((current) => current && { ...current, prompt: event.message });
            else {
              outcome = 'replied';
              setExchange(null);
            }
          } else if (event.type === 'delta') {
            setExchange((current) => current && { ...current, reply: current.reply + event.text });
          } else {
            setFailure({ code: event.error.code, message: event.error.message });
            break;
          }
        }
        if (outcome !== 'replied' && !abort.signal.aborted) {
          setFailure(
            (current) =>
              current ?? { code: 'stream_closed', message: 'The connection closed before the reply was finished.' },
          );
        }
      } catch (error) {
        if (!abort.signal.aborted) {
          const described = describeFailure(error);
          setFailure(described);
          if (described.code === 'llm_not_configured' || described.code === 'unknown_model') {
            void queryClient.invalidateQueries({ queryKey: secureLlmKeys.models() });
          }
        }
      } finally {
        controller.current = null;
        if (abort.signal.aborted && outcome !== 'replied') {
          outcome = 'stopped';
          setFailure({
            code: 'stopped',
            message:
              'Stopped. Nothing was saved and your message is back in the box; the tokens already used count toward today’s allowance.',
          });
        }
        setExchange(null);
        if (outcome !== 'replied') {
          if (createdChatId) {
            queryClient.removeQueries({ queryKey: secureLlmKeys.chat(createdChatId), exact: true });
            queryClient.setQueryData<ChatList>(secureLlmKeys.chatList(), (list) =>
              list ? { items: list.items.filter((item) => item.id !== createdChatId) } : list,
            );
            callbacks.current.onNewChatDiscarded(createdChatId);
          } else if (chatId) {
            void queryClient.invalidateQueries({ queryKey: secureLlmKeys.chat(chatId) });
          }
        }
        void queryClient.invalidateQueries({ queryKey: secureLlmKeys.chatList() });
        void queryClient.invalidateQueries({ queryKey: secureLlmKeys.usages() });
      }
      return outcome;
    },
    [queryClient],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const clearFailure = useCallback(() => setFailure(null), []);

  return { exchange, failure, send, stop, clearFailure, busy: exchange !== null };
}
