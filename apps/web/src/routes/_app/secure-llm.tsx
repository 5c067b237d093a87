import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SecureLlmPage } from '@/features/secure-llm/components/secure-llm-page';
import { secureLlmSearchSchema } from '@/features/secure-llm/search';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/secure-llm')({
  validateSearch: secureLlmSearchSchema,
  head: titleHead('Secure LLM Chat'),
  component: SecureLlmRoute,
});

function SecureLlmRoute() {
  const { chat } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChatChange = useCallback(
    (chatId: string | undefined, options?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, chat: chatId }), replace: options?.replace }),
    [navigate],
  );
  return <SecureLlmPage chatId={chat} onChatChange={onChatChange} />;
}
