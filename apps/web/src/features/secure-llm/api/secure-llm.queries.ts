import {
  type ChatDetail,
  type ChatTokenQuery,
  chatDetailSchema,
  chatListSchema,
  chatTokenUsageSchema,
  entityGroupListSchema,
  llmListSchema,
  type PiiDetectRequest,
  piiDetectResponseSchema,
} from '@candor/contracts/governance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, parseJson } from '@/lib/api-client';
import type { Finding } from '../lib/masks';

export const secureLlmKeys = {
  all: ['secure-llm'] as const,
  entities: () => [...secureLlmKeys.all, 'entities'] as const,
  models: () => [...secureLlmKeys.all, 'models'] as const,
  chats: () => [...secureLlmKeys.all, 'chats'] as const,
  chatList: () => [...secureLlmKeys.chats(), 'list'] as const,
  chat: (id: string) => [...secureLlmKeys.chats(), 'detail', id] as const,
  usages: () => [...secureLlmKeys.all, 'usage'] as const,
  usage: (range: ChatTokenQuery) => [...secureLlmKeys.usages(), range] as const,
  detection: (text: string, entities: PiiDetectRequest['entities']) =>
    [...secureLlmKeys.all, 'detect', { text, entities: entities ?? null }] as const,
};

export const fetchEntityGroups = () => parseJson(api.governance.get('entities'), entityGroupListSchema);

/** The PII catalogue in its groups; it only changes with a deployment. */
export const entityGroupsQueryOptions = () =>
  queryOptions({ queryKey: secureLlmKeys.entities(), queryFn: fetchEntityGroups, staleTime: Number.POSITIVE_INFINITY });

export const useEntityGroups = () => useQuery(entityGroupsQueryOptions());

export const fetchModels = () => parseJson(api.governance.get('llms'), llmListSchema);

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: secureLlmKeys.models(), queryFn: fetchModels, staleTime: 60_000 });

export const useModels = () => useQuery(modelsQueryOptions());

export const fetchChats = () => parseJson(api.governance.get('my-chats'), chatListSchema);

export const chatListQueryOptions = () => queryOptions({ queryKey: secureLlmKeys.chatList(), queryFn: fetchChats });

export const useChatList = () => useQuery(chatListQueryOptions());

/** One chat with its messages, or null when it does not exist (deleted in another tab, a stale link). */
export async function fetchChat(id: string): Promise<ChatDetail | null> {
  try {
    return await parseJson(api.governance.get(`my-chats/${encodeURIComponent(id)}`), chatDetailSchema);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const chatQueryOptions = (id: string) =>
  queryOptions({ queryKey: secureLlmKeys.chat(id), queryFn: () => fetchChat(id) });

export const useChat = (id: string | undefined) => useQuery({ ...chatQueryOptions(id ?? ''), enabled: Boolean(id) });

export const fetchChatUsage = (range: ChatTokenQuery) =>
  parseJson(api.governance.get('my-tokens', { searchParams: { ...range } }), chatTokenUsageSchema);

export const chatUsageQueryOptions = (range: ChatTokenQuery) =>
  queryOptions({ queryKey: secureLlmKeys.usage(range), queryFn: () => fetchChatUsage(range) });

export const useChatUsage = (range: ChatTokenQuery) => useQuery(chatUsageQueryOptions(range));

/** What the preview found, with the text it looked at (offsets refer to it). */
export interface Detection {
  text: string;
  findings: Finding[];
}

export async function detectPii(text: string, entities: PiiDetectRequest['entities']): Promise<Detection> {
  const body: PiiDetectRequest = entities ? { text, entities } : { text };
  const { findings } = await parseJson(api.governance.post('v1/pii/detect', { json: body }), piiDetectResponseSchema);
  return { text, findings: findings.map(({ start, end, type, text: value }) => ({ start, end, type, text: value })) };
}

/**
 * The same text and types always give the same findings, so an answer stays valid; it is dropped from memory
 * soon after the composer moves on, since it holds what the user typed.
 */
export const detectionQueryOptions = (text: string, entities: PiiDetectRequest['entities']) =>
  queryOptions({
    queryKey: secureLlmKeys.detection(text, entities),
    queryFn: () => detectPii(text, entities),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30_000,
  });
