import { type ChatDetail, type ChatList, chatSummarySchema } from '@candor/contracts/governance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { secureLlmKeys } from './secure-llm.queries';

export const renameChat = (id: string, title: string) =>
  parseJson(api.governance.patch(`my-chats/${encodeURIComponent(id)}`, { json: { title } }), chatSummarySchema);

export async function deleteChat(id: string): Promise<void> {
  await api.governance.delete(`my-chats/${encodeURIComponent(id)}`);
}

/** Renames a chat; the list and the open chat show the new title at once. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onSuccess: (chat) => {
      queryClient.setQueryData<ChatList>(secureLlmKeys.chatList(), (list) =>
        list ? { items: list.items.map((item) => (item.id === chat.id ? chat : item)) } : list,
      );
      queryClient.setQueryData<ChatDetail | null>(secureLlmKeys.chat(chat.id), (detail) =>
        detail ? { ...detail, title: chat.title } : detail,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: secureLlmKeys.chatList() }),
  });
}

/** Deletes a chat and its vault for good (the server keeps nothing to undo with). */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteChat(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ChatList>(secureLlmKeys.chatList(), (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: secureLlmKeys.chat(id), exact: true });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: secureLlmKeys.chatList() }),
        queryClient.invalidateQueries({ queryKey: secureLlmKeys.usages() }),
      ]),
  });
}
