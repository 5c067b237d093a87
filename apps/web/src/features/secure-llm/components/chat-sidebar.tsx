import { type ChatSummary, chatRenameSchema } from '@candor/contracts/governance';
import Ellipsis from 'lucide-react/icons/ellipsis';
import MessageSquare from 'lucide-react/icons/message-square';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDeleteChat, useRenameChat } from '../api/chat-mutations';
import { useChatList } from '../api/secure-llm.queries';
import { groupChatsByDate } from '../lib/usage';

/** The user's chats, newest first in day sections, with new, rename and delete. */
export function ChatSidebar({
  activeId,
  onSelect,
  onNewChat,
  onDeleted,
  now,
}: {
  activeId: string | undefined;
  onSelect: (chatId: string) => void;
  onNewChat: () => void;
  onDeleted: (chatId: string) => void;
  now?: Date;
}) {
  const chats = useChatList();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const groups = useMemo(() => groupChatsByDate(chats.data?.items ?? [], now ?? new Date()), [chats.data, now]);

  return (
    <nav aria-label="Chats" className="flex h-full min-h-0 flex-col">
      <div className="p-3">
        <Button variant="outline" className="w-full justify-start" onClick={onNewChat}>
          <Plus aria-hidden="true" /> New chat
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {chats.isPending ? (
          <div className="space-y-2 px-1" role="status" aria-label="Loading chats">
            {[80, 65, 90, 55, 70].map((width) => (
              <Skeleton key={width} className="h-8" style={{ width: `${width}%` }} />
            ))}
          </div>
        ) : chats.isError ? (
          <div className="space-y-2 px-2 py-4 text-sm">
            <p className="text-destructive">{getErrorMessage(chats.error)}</p>
            <Button size="sm" variant="outline" onClick={() => void chats.refetch()} disabled={chats.isFetching}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-3 py-10 text-center">
            <MessageSquare className="size-5 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-sm">No chats yet</p>
            <p className="text-muted-foreground text-xs">
              Your conversations appear here. They are stored masked; only you see the real values.
            </p>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.label} aria-label={group.label} className="mb-3">
              <h3 className="px-2 pb-1 font-medium text-muted-foreground text-xs">{group.label}</h3>
              <ul className="space-y-0.5">
                {group.chats.map((chat) => (
                  <ChatListItem
                    key={chat.id}
                    chat={chat}
                    active={chat.id === activeId}
                    onSelect={() => onSelect(chat.id)}
                    onDelete={() => setDeleting(chat)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <DeleteChatDialog
        chat={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          setDeleting(null);
          onDeleted(id);
        }}
      />
    </nav>
  );
}

function ChatListItem({
  chat,
  active,
  onSelect,
  onDelete,
}: {
  chat: ChatSummary;
  active: boolean;
  onSelect: () => void;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const rename = useRenameChat();
  const title = chat.title || 'Untitled chat';

  if (renaming) {
    return (
      <li>
        <RenameInput
          initial={chat.title}
          pending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSave={(next) => {
            if (next === chat.title) {
              setRenaming(false);
              return;
            }
            rename.mutate(
              { id: chat.id, title: next },
              {
                onSuccess: () => {
                  setRenaming(false);
                  toast.success('Chat renamed');
                },
              },
            );
          }}
        />
      </li>
    );
  }

  return (
    <li
      className={cn(
        'group relative flex items-center rounded-md text-sm transition-colors hover:bg-accent/70',
        active && 'bg-accent text-accent-foreground',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-current={active ? 'page' : undefined}
        className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="block truncate pr-6">{title}</span>
        <span className="block text-muted-foreground text-xs">
          {chat.message_count} {chat.message_count === 1 ? 'message' : 'messages'} · {formatTokens(chat.tokens)} tokens
        </span>
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="absolute right-1 size-7 opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 md:opacity-0 md:group-hover:opacity-100"
            aria-label={`Actions for ${title}`}
          >
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <Pencil aria-hidden="true" /> Rename
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

function RenameInput({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: string;
  pending: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // The menu that opened the rename returns focus to its trigger when it closes; take it after that.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const save = () => {
    const parsed = chatRenameSchema.safeParse({ title: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name for the chat');
      return;
    }
    onSave(parsed.data.title);
  };

  return (
    <form
      className="px-1 py-1"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="relative">
        <input
          ref={input}
          value={value}
          maxLength={120}
          aria-label="Chat name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={pending}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
          onBlur={() => {
            if (!pending) save();
          }}
          className="h-8 w-full rounded-md border border-input bg-background px-2 pr-7 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30"
        />
        {pending && <Spinner className="absolute top-2 right-2" />}
      </div>
      {error && (
        <p id={errorId} className="px-1 pt-1 text-destructive text-xs">
          {error}
        </p>
      )}
    </form>
  );
}

function DeleteChatDialog({
  chat,
  onClose,
  onDeleted,
}: {
  chat: ChatSummary | null;
  onClose: () => void;
  onDeleted: (chatId: string) => void;
}) {
  const remove = useDeleteChat();
  return (
    <Dialog
      open={chat !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this chat?</DialogTitle>
          <DialogDescription>
            “{chat?.title || 'Untitled chat'}” and its messages are deleted for good, together with the key to its
            masked values. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!chat) return;
              remove.mutate(chat.id, {
                onSuccess: () => {
                  toast.success('Chat deleted');
                  onDeleted(chat.id);
                },
              });
            }}
          >
            {remove.isPending && <Spinner />} Delete chat
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
