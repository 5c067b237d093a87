import CircleAlert from 'lucide-react/icons/circle-alert';
import PanelLeft from 'lucide-react/icons/panel-left';
import Plus from 'lucide-react/icons/plus';
import RotateCw from 'lucide-react/icons/rotate-cw';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Tooltip } from 'radix-ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { getErrorMessage } from '@/lib/api-client';
import { readStorage, writeStorage } from '@/lib/storage';
import { useChat, useModels } from '../api/secure-llm.queries';
import { emptyMaskChoices, type Finding, type MaskChoices, type MaskItem, manualKey, planMasks } from '../lib/masks';
import { LAST_MODEL_STORAGE_KEY, resolveModel } from '../lib/models';
import { type SendFailure, useChatSender } from '../use-chat-sender';
import { useEntitySettings } from '../use-entity-settings';
import { useMaskingPreview } from '../use-masking-preview';
import { ChatSidebar } from './chat-sidebar';
import { Composer, type ComposerHandle } from './composer';
import { ConnectModelPanel } from './connect-model-panel';
import { Conversation, type ConversationState } from './conversation';
import { EntityLabelsProvider } from './entity-labels';
import { EntitySettingsPopover } from './entity-settings-popover';
import { ModelPicker } from './model-picker';
import { UsageMeter } from './usage-meter';

export interface SecureLlmPageProps {
  chatId: string | undefined;
  /** Opens a chat (or a new one, with undefined); `replace` when the current entry should not stay in history. */
  onChatChange: (chatId: string | undefined, options?: { replace?: boolean }) => void;
}

/** `/secure-llm`: chats with an LLM that only ever sees personal data as placeholders. */
export function SecureLlmPage({ chatId, onChatChange }: SecureLlmPageProps) {
  const models = useModels();
  const chat = useChat(chatId);
  const settings = useEntitySettings();
  const composer = useRef<ComposerHandle>(null);
  const showChats = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState('');
  const [choices, setChoices] = useState<MaskChoices>(emptyMaskChoices);
  const [pickedModel, setPickedModel] = useState<string | undefined>(undefined);
  const [preparing, setPreparing] = useState(false);
  const [checkFailure, setCheckFailure] = useState<SendFailure | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const sender = useChatSender({
    onChatCreated: (id) => onChatChange(id),
    onNewChatDiscarded: (id) => {
      // Only when the user is still on that chat (or on its way there), not if they have opened another meanwhile.
      if (chatId === undefined || chatId === id) onChatChange(undefined, { replace: true });
    },
  });
  const preview = useMaskingPreview(draft, settings.entities);
  const plan = useMemo(() => planMasks(draft, preview.findings, choices), [draft, preview.findings, choices]);

  const modelList = models.data?.models ?? [];
  const chatDetail = chat.data ?? undefined;
  const model = resolveModel(modelList, [pickedModel, chatDetail?.model, readStorage('local', LAST_MODEL_STORAGE_KEY)]);
  const noModels = models.isSuccess && modelList.length === 0;
  const ongoing = sender.exchange;
  const exchange = ongoing && (ongoing.chatId === chatId || (ongoing.newChat && chatId === undefined)) ? ongoing : null;
  const streamingElsewhere = sender.busy && !exchange;

  const openChat = useCallback(
    (id: string | undefined) => {
      setSheetOpen(false);
      setChoices(emptyMaskChoices);
      setPickedModel(undefined);
      setCheckFailure(null);
      sender.clearFailure();
      onChatChange(id);
      requestAnimationFrame(() => composer.current?.focus());
    },
    [onChatChange, sender.clearFailure],
  );

  const toggleItem = useCallback((item: MaskItem) => {
    setChoices((current) => {
      if (item.source === 'manual') {
        return { ...current, manual: current.manual.filter((mask) => manualKey(mask) !== item.key) };
      }
      const unmasked = new Set(current.unmasked);
      if (unmasked.has(item.key)) unmasked.delete(item.key);
      else unmasked.add(item.key);
      return { ...current, unmasked };
    });
  }, []);

  const send = async () => {
    if (!model || sender.busy || preparing) return;
    const content = draft;
    setCheckFailure(null);
    sender.clearFailure();
    setPreparing(true);
    let findings: Finding[];
    try {
      // Masks are always computed on exactly the text sent, never on a preview that lags behind the typing.
      findings = await preview.findingsFor(content);
    } catch (error) {
      setCheckFailure({
        code: 'preview_failed',
        message: `Your message could not be checked for personal data, so it was not sent. ${getErrorMessage(error)}`,
      });
      return;
    } finally {
      setPreparing(false);
    }
    const { masks } = planMasks(content, findings, choices);
    writeStorage('local', LAST_MODEL_STORAGE_KEY, model);
    setDraft('');
    setAnnouncement('');
    const outcome = await sender.send({ chatId, model, content, masks });
    if (outcome === 'replied') {
      setAnnouncement('The reply has arrived.');
      // Letting a value through is a decision for one message; the next one starts fully masked again.
      setChoices((current) => ({ ...current, unmasked: new Set() }));
    } else {
      setDraft((current) => (current.trim() ? `${content}\n\n${current}` : content));
    }
  };

  const conversationState: ConversationState = !chatId
    ? { kind: 'new' }
    : chat.isPending
      ? { kind: 'loading' }
      : chat.isError
        ? { kind: 'error', error: chat.error, retry: () => void chat.refetch() }
        : chat.data === null
          ? { kind: 'missing' }
          : { kind: 'chat', chat: chat.data };

  const title = chatId ? (chatDetail?.title ?? '') || (chat.isPending ? '' : 'Untitled chat') : 'New chat';
  const sendBlockedReason = models.isPending
    ? 'Loading the models…'
    : models.isError
      ? 'The models could not be loaded.'
      : noModels
        ? 'Connect a model to send messages.'
        : streamingElsewhere
          ? 'Wait for the reply in your other chat to finish.'
          : conversationState.kind === 'missing'
            ? 'This chat no longer exists.'
            : undefined;

  const sidebar = (
    <ChatSidebar
      activeId={chatId}
      onSelect={(id) => openChat(id)}
      onNewChat={() => openChat(undefined)}
      onDeleted={(id) => {
        if (id === chatId) onChatChange(undefined, { replace: true });
      }}
    />
  );

  return (
    <Tooltip.Provider delayDuration={200}>
      <EntityLabelsProvider labels={settings.labels}>
        <h1 className="sr-only">Secure LLM Chat</h1>
        {/* The streamed text is not read out piece by piece; its end is. */}
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <div className="-mx-4 -my-6 flex h-[calc(100svh-4rem)] min-h-[28rem] overflow-hidden bg-background sm:mx-0 sm:my-0 sm:h-[calc(100svh-7rem)] sm:rounded-xl sm:border sm:shadow-xs lg:h-[calc(100svh-8rem)]">
          <aside className="hidden w-64 shrink-0 border-r bg-muted/30 md:block dark:bg-muted/10">{sidebar}</aside>
          <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <SheetContent
              side="left"
              className="w-[85vw] max-w-xs gap-0 p-0 pt-10"
              // The sheet has no Radix trigger, so Radix would drop focus on <body> when it closes. Back to "Show
              // chats" then, unless opening a chat has already put focus in the composer.
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                if (document.activeElement === document.body) showChats.current?.focus();
              }}
            >
              <SheetTitle className="sr-only">Chats</SheetTitle>
              <SheetDescription className="sr-only">Open a chat or start a new one.</SheetDescription>
              {sidebar}
            </SheetContent>
          </Sheet>

          <section aria-label={title || 'Chat'} className="flex min-w-0 flex-1 flex-col">
            <header className="flex h-14 shrink-0 items-center gap-1.5 border-b px-2 sm:px-4">
              <Button
                ref={showChats}
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label="Show chats"
                onClick={() => setSheetOpen(true)}
              >
                <PanelLeft aria-hidden="true" />
              </Button>
              <div className="min-w-0 flex-1">
                <h2 className="truncate font-semibold text-sm sm:text-base">{title}</h2>
                <p className="flex items-center gap-1 text-muted-foreground text-xs">
                  <ShieldCheck className="size-3 text-primary" aria-hidden="true" />
                  <span className="truncate">Personal data is masked before the model sees it</span>
                </p>
              </div>
              <UsageMeter onOpenChat={(id) => openChat(id)} />
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label="New chat"
                onClick={() => openChat(undefined)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </header>

            <Conversation
              state={conversationState}
              exchange={exchange}
              onNewChat={() => openChat(undefined)}
              emptyContent={noModels ? <ConnectModelPanel /> : undefined}
            />

            <div className="shrink-0 px-2 pt-1 pb-2 sm:px-4 sm:pb-4">
              <div className="mx-auto max-w-3xl space-y-2">
                {noModels && conversationState.kind === 'chat' && conversationState.chat.messages.length > 0 && (
                  <p className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-xs">
                    <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                    No model is connected any more, so this chat cannot continue. An administrator sets LLM_BASE_URL and
                    LLM_MODELS, or LLM_MODEL_PATH, on the server.
                  </p>
                )}
                <Composer
                  ref={composer}
                  value={draft}
                  onChange={(value) => {
                    setDraft(value);
                    setCheckFailure(null);
                  }}
                  plan={plan}
                  checking={preview.checking}
                  previewError={preview.error}
                  autoMaskingOff={settings.total > 0 && settings.enabledCount === 0}
                  onToggleItem={toggleItem}
                  onMaskSelection={(mask) =>
                    setChoices((current) => ({
                      ...current,
                      manual: [...current.manual.filter((m) => m.text !== mask.text), mask],
                    }))
                  }
                  maskTypes={
                    settings.catalogue.length > 0 ? settings.catalogue : [{ type: 'PERSON_NAME', name: 'Person name' }]
                  }
                  busy={exchange !== null}
                  preparing={preparing}
                  sendBlockedReason={sendBlockedReason}
                  onSend={() => void send()}
                  onStop={sender.stop}
                  failure={checkFailure ?? sender.failure}
                  onDismissFailure={() => {
                    setCheckFailure(null);
                    sender.clearFailure();
                  }}
                  onNewChat={() => openChat(undefined)}
                  toolbar={
                    <>
                      {models.isError ? (
                        <Button variant="ghost" size="sm" className="h-8 text-xs" onClick={() => void models.refetch()}>
                          <RotateCw aria-hidden="true" /> Reload models
                        </Button>
                      ) : (
                        <ModelPicker
                          models={modelList}
                          value={model}
                          onChange={setPickedModel}
                          disabled={models.isPending}
                        />
                      )}
                      <EntitySettingsPopover settings={settings} />
                    </>
                  }
                />
              </div>
            </div>
          </section>
        </div>
      </EntityLabelsProvider>
    </Tooltip.Provider>
  );
}
