import { type HistoryItem, type ServiceName, serviceNames } from '@candor/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Filter from 'lucide-react/icons/filter';
import HistoryIcon from 'lucide-react/icons/history';
import Inbox from 'lucide-react/icons/inbox';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime, formatTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { historyListQueryOptions } from '../api/history.queries';
import { scheduleHistoryDeletion, usePendingHistoryDeletions } from '../api/history-deletion';
import type { HistorySearch } from '../search';
import { serviceLabels, serviceTools } from '../service-meta';
import { OpenToolLink, RunTitleLink } from './open-in-tool-link';

interface HistoryPageProps {
  search: HistorySearch;
  onSearchChange: (change: Partial<HistorySearch>, options?: { replace?: boolean }) => void;
}

/** The user's runs, paged and filtered by service through the URL (page, page_size, selectedServices). */
export function HistoryPage({ search, onSearchChange }: HistoryPageProps) {
  const services = search.selectedServices ?? [];
  const query = useQuery(historyListQueryOptions({ page: search.page, perPage: search.page_size, services }));
  const queryClient = useQueryClient();
  const pending = usePendingHistoryDeletions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pagination = query.isPlaceholderData ? undefined : query.data?.pagination;
  const items = (query.data?.items ?? []).filter((item) => !pending.has(item.history_id));
  const selectedIds = items.map((item) => item.history_id).filter((id) => selected.has(id));
  const pageRef = useRef<HTMLDivElement>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once deleted rows are hidden, since their buttons (or "Delete selected") go with them: the
  // delete button of the row now in their place, or the heading when no row is left (rowId null).
  const [focusAfterDeletion, setFocusAfterDeletion] = useState<{ rowId: string | null } | null>(null);

  useEffect(() => {
    if (!focusAfterDeletion) return;
    setFocusAfterDeletion(null);
    const { rowId } = focusAfterDeletion;
    const element = rowId ? deleteButtons.current.get(rowId) : pageRef.current?.querySelector('h1');
    if (!element) return;
    // A heading takes focus only with a tabindex.
    if (element.tabIndex < 0) element.tabIndex = -1;
    element.focus();
  }, [focusAfterDeletion]);

  // Spec §2/§5: a page past the end goes to the last page (or the first when there is nothing).
  const lastPage = pagination ? Math.max(pagination.total_pages, 1) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && search.page > lastPage) onSearchChange({ page: lastPage }, { replace: true });
  }, [lastPage, search.page, onSearchChange]);

  // A selection belongs to one page of one filter.
  const selectionKey = `${search.page}|${search.page_size}|${services.join(',')}`;
  const [selectionFor, setSelectionFor] = useState(selectionKey);
  if (selectionFor !== selectionKey) {
    setSelectionFor(selectionKey);
    setSelected(new Set());
  }

  const remove = (targets: HistoryItem[]) => {
    const ids = targets.map((t) => t.history_id);
    const [only] = targets;
    const remaining = items.filter((item) => !ids.includes(item.history_id));
    const firstRemoved = items.findIndex((item) => ids.includes(item.history_id));
    setFocusAfterDeletion({ rowId: remaining[Math.min(firstRemoved, remaining.length - 1)]?.history_id ?? null });
    scheduleHistoryDeletion({
      ids,
      message:
        targets.length === 1 && only ? `Deleted “${only.title || 'Untitled run'}”` : `Deleted ${targets.length} runs`,
      queryClient,
    });
    setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
  };
  const setChecked = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChecked = items.length > 0 && selectedIds.length === items.length;

  const toggle = (service: ServiceName, on: boolean) => {
    const next = on ? [...services, service] : services.filter((s) => s !== service);
    onSearchChange({ selectedServices: next.length ? next : undefined, page: 1 });
  };

  return (
    <div ref={pageRef} className="space-y-6">
      <PageHeader
        title="History"
        description="Every run of every tool, with what it cost. Open one to see its input and result again."
        icon={HistoryIcon}
        actions={
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <Filter aria-hidden="true" />
                Services
                {services.length > 0 && <Badge variant="soft">{services.length}</Badge>}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-64">
              <DropdownMenuLabel>Filter by service</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {serviceNames.map((service) => (
                <DropdownMenuCheckboxItem
                  key={service}
                  checked={services.includes(service)}
                  onCheckedChange={(on) => toggle(service, on === true)}
                  onSelect={(event) => event.preventDefault()}
                >
                  {serviceLabels[service]}
                </DropdownMenuCheckboxItem>
              ))}
              {services.length > 0 && (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => onSearchChange({ selectedServices: undefined, page: 1 })}>
                    <X aria-hidden="true" /> Clear filters
                  </DropdownMenuItem>
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        }
      />

      {services.length > 0 && (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {services.map((service) => (
            <li key={service}>
              <Badge variant="soft" className="gap-1 pr-1">
                {serviceLabels[service]}
                <button
                  type="button"
                  onClick={() => toggle(service, false)}
                  className="rounded-full p-0.5 hover:bg-primary/15"
                  aria-label={`Remove filter ${serviceLabels[service]}`}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}

      {query.isPending ? (
        <HistorySkeleton />
      ) : query.isError ? (
        <Alert variant="destructive">
          <CircleAlert />
          <AlertTitle>History could not be loaded</AlertTitle>
          <AlertDescription>{getErrorMessage(query.error)}</AlertDescription>
        </Alert>
      ) : items.length === 0 ? (
        services.length > 0 ? (
          <EmptyState
            icon={Filter}
            title="No runs match these services"
            description="Try other services or clear the filter to see everything."
            action={
              <Button variant="outline" onClick={() => onSearchChange({ selectedServices: undefined, page: 1 })}>
                Clear filters
              </Button>
            }
          />
        ) : search.page > 1 && query.data.items.length === 0 ? (
          // Past the end: the effect above is moving to the last page.
          <HistorySkeleton />
        ) : search.page > 1 ? (
          <EmptyState
            icon={Inbox}
            title="Nothing left on this page"
            description="The runs you deleted are on their way out."
            action={
              <Button variant="outline" onClick={() => onSearchChange({ page: search.page - 1 })}>
                Previous page
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Inbox}
            title="No history yet"
            description="When you run a tool, the run appears here with its input, result and cost."
            action={
              <Button asChild>
                <Link to="/all-products">Explore the tools</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {selectedIds.length > 0 ? `${selectedIds.length} selected` : 'Select runs to delete several at once.'}
            </p>
            {selectedIds.length > 0 && (
              <Button
                variant="destructive"
                size="sm"
                onClick={() => remove(items.filter((item) => selected.has(item.history_id)))}
              >
                <Trash2 aria-hidden="true" /> Delete selected ({selectedIds.length})
              </Button>
            )}
          </div>
          <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
            <table className="w-full text-sm">
              <caption className="sr-only">History runs</caption>
              <thead className="border-b bg-muted/40 text-left text-muted-foreground text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="w-10 py-3 pl-3 sm:pl-4">
                    <Checkbox
                      aria-label="Select all runs on this page"
                      checked={allChecked}
                      ref={(el) => {
                        if (el) el.indeterminate = selectedIds.length > 0 && !allChecked;
                      }}
                      onChange={(event) =>
                        setSelected(event.target.checked ? new Set(items.map((item) => item.history_id)) : new Set())
                      }
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                    Run
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                    Service
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium md:table-cell">
                    Date
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-right font-medium sm:table-cell">
                    Tokens
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-medium sm:px-4">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {items.map((item) => (
                  <HistoryRow
                    key={item.history_id}
                    item={item}
                    checked={selected.has(item.history_id)}
                    onCheckedChange={(on) => setChecked(item.history_id, on)}
                    onDelete={() => remove([item])}
                    deleteRef={(button) => {
                      if (button) deleteButtons.current.set(item.history_id, button);
                      else deleteButtons.current.delete(item.history_id);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={query.data.pagination.page}
            totalPages={query.data.pagination.total_pages}
            // Runs deleted a moment ago are gone from the list while their Undo toast shows: not counted either.
            total={query.data.pagination.total - (query.data.items.length - items.length)}
            onPage={(page) => onSearchChange({ page })}
          />
        </>
      )}
    </div>
  );
}

function HistorySkeleton() {
  return (
    <div className="space-y-2" role="status" aria-label="Loading history">
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <Skeleton key={key} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}

function HistoryRow({
  item,
  checked,
  onCheckedChange,
  onDelete,
  deleteRef,
}: {
  item: HistoryItem;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
  onDelete: () => void;
  deleteRef: Ref<HTMLButtonElement>;
}) {
  const [open, setOpen] = useState(false);
  const childrenId = useId();
  const title = item.title || 'Untitled run';
  return (
    <>
      <tr className="hover:bg-muted/30 has-[input:checked]:bg-primary/5">
        <td className="py-3 pl-3 align-top sm:pl-4">
          <Checkbox
            aria-label={`Select ${title}`}
            checked={checked}
            onChange={(event) => onCheckedChange(event.target.checked)}
          />
        </td>
        <RunCells item={item} depth={0}>
          {item.has_children && (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 mt-1 h-7 px-2 text-muted-foreground text-xs"
              aria-expanded={open}
              aria-controls={childrenId}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronDown
                aria-hidden="true"
                className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
              />
              {open ? 'Hide' : 'Show'} {count(partsOf(item))} part{partsOf(item) === 1 ? '' : 's'}
            </Button>
          )}
        </RunCells>
        <td className="px-3 py-1.5 align-top sm:px-4">
          <div className="flex justify-end gap-1">
            <OpenToolLink item={item} />
            <Button
              ref={deleteRef}
              variant="ghost"
              size="icon-sm"
              aria-label={`Delete ${title}`}
              title="Delete"
              className="text-muted-foreground hover:text-destructive"
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </td>
      </tr>
      {open && <ChildRows id={childrenId} parent={item} depth={1} />}
    </>
  );
}

/** How many parts a run has: the list carries only the first of a run with many (a website scan's pages). */
const partsOf = (item: HistoryItem) => Math.max(item.children_total ?? 0, item.children.length);
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The nested parts of a run, indented by depth; they open in their tool but are deleted with their parent. A run with
 * more parts than the list carries ends with a row that says how many are left out, and opens the run where they all
 * are (a scan's report pages through thousands).
 */
function ChildRows({ id, parent, depth }: { id?: string; parent: HistoryItem; depth: number }) {
  const items = parent.children;
  const rows = items
    .map((child, index) => (
      <tr key={child.history_id} id={index === 0 ? id : undefined} className="bg-muted/20">
        <td />
        <RunCells item={child} depth={depth} />
        <td className="px-3 py-0.5 align-top sm:px-4">
          <div className="flex justify-end">
            <OpenToolLink item={child} />
          </div>
        </td>
      </tr>
    ))
    .flatMap((row, index) => {
      const child = items[index];
      return child?.children.length
        ? [row, <ChildRows key={`${child.history_id}-c`} parent={child} depth={depth + 1} />]
        : [row];
    });
  const left = partsOf(parent) - items.length;
  if (left <= 0) return rows;
  return [
    ...rows,
    <tr key={`${parent.history_id}-more`} className="bg-muted/20">
      <td />
      <td colSpan={5} className="px-3 py-2 text-muted-foreground text-sm sm:px-4">
        <p style={{ paddingLeft: `${depth * 1.25}rem` }}>
          {count(left)} more part{left === 1 ? '' : 's'} of {count(partsOf(parent))} not listed here.{' '}
          {serviceTools[parent.model_name].withHistory && (
            <Link
              to={serviceTools[parent.model_name].to as never}
              search={{ history_id: parent.history_id } as never}
              className="font-medium text-primary underline underline-offset-4"
            >
              Open {parent.title || 'the run'} to see them all
            </Link>
          )}
        </p>
      </td>
    </tr>,
  ];
}

/** Marks a run made with an API key, naming the key (it stays named after the key is deleted). */
function ApiRunBadge({ item, className }: { item: HistoryItem; className?: string }) {
  if (item.source !== 'api') return null;
  const name = item.api_key_name ?? 'API key';
  return (
    <Badge variant="outline" className={className} title={`Run through the API with the key “${name}”`}>
      API · {name}
    </Badge>
  );
}

function RunCells({ item, depth, children }: { item: HistoryItem; depth: number; children?: React.ReactNode }) {
  const pad = depth > 0 ? 'py-2' : 'py-3';
  return (
    <>
      <td className={`px-3 ${pad} align-top sm:px-4`}>
        <div style={depth > 0 ? { paddingLeft: `${depth * 1.25}rem` } : undefined}>
          {/* A flex item is one box, so a title that wraps is clicked where it is, not between its lines. */}
          <p className={cn('flex items-baseline gap-1', depth > 0 ? 'text-sm' : 'font-medium')}>
            {depth > 0 && (
              <span aria-hidden="true" className="text-muted-foreground">
                ↳
              </span>
            )}
            <RunTitleLink item={item} className="min-w-0 break-words" />
          </p>
          <p className="text-muted-foreground text-xs sm:hidden">
            {serviceLabels[item.model_name]} · {formatTokens(item.cost)} tokens
            <ApiRunBadge item={item} className="ml-1" />
          </p>
          <p className="text-muted-foreground text-xs md:hidden">{formatDateTime(item.created_at)}</p>
          {children}
        </div>
      </td>
      <td className={`hidden px-4 ${pad} align-top sm:table-cell`}>
        <Badge variant="soft">{serviceLabels[item.model_name]}</Badge>
        <ApiRunBadge item={item} className="ml-1" />
      </td>
      <td className={`hidden px-4 ${pad} align-top text-muted-foreground md:table-cell`}>
        {formatDateTime(item.created_at)}
      </td>
      <td className={`hidden px-4 ${pad} text-right align-top tabular-nums sm:table-cell`}>
        {formatTokens(item.cost)}
      </td>
    </>
  );
}

function Pagination({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4">
      <p className="text-muted-foreground text-sm">
        {total} run{total === 1 ? '' : 's'} · page {page} of {Math.max(totalPages, 1)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
