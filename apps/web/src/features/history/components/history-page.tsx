import { type HistoryItem, type ServiceName, serviceNames } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Filter from 'lucide-react/icons/filter';
import HistoryIcon from 'lucide-react/icons/history';
import Inbox from 'lucide-react/icons/inbox';
import X from 'lucide-react/icons/x';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
import { historyListQueryOptions } from '../api/history.queries';
import type { HistorySearch } from '../search';
import { serviceLabels } from '../service-meta';

interface HistoryPageProps {
  search: HistorySearch;
  onSearchChange: (change: Partial<HistorySearch>) => void;
}

/** The user's runs, paged and filtered by service through the URL (page, page_size, selectedServices). */
export function HistoryPage({ search, onSearchChange }: HistoryPageProps) {
  const services = search.selectedServices ?? [];
  const query = useQuery(historyListQueryOptions({ page: search.page, perPage: search.page_size, services }));

  const toggle = (service: ServiceName, on: boolean) => {
    const next = on ? [...services, service] : services.filter((s) => s !== service);
    onSearchChange({ selectedServices: next.length ? next : undefined, page: 1 });
  };

  return (
    <div className="space-y-6">
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
        <div className="space-y-2">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-16 rounded-lg" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert variant="destructive">
          <CircleAlert />
          <AlertTitle>History could not be loaded</AlertTitle>
          <AlertDescription>{getErrorMessage(query.error)}</AlertDescription>
        </Alert>
      ) : query.data.items.length === 0 ? (
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
        ) : search.page > 1 ? (
          <EmptyState
            icon={Inbox}
            title="This page is empty"
            description="There are fewer runs than this page number."
            action={
              <Button variant="outline" onClick={() => onSearchChange({ page: 1 })}>
                Go to the first page
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
          <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <table className="w-full text-sm">
              <caption className="sr-only">History runs</caption>
              <thead className="border-b bg-muted/40 text-left text-muted-foreground text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Run
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                    Service
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium md:table-cell">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Tokens
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {query.data.items.map((item) => (
                  <HistoryRow key={item.history_id} item={item} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={query.data.pagination.page}
            totalPages={query.data.pagination.total_pages}
            total={query.data.pagination.total}
            onPage={(page) => onSearchChange({ page })}
          />
        </>
      )}
    </div>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  return (
    <tr className="hover:bg-muted/30">
      <td className="px-4 py-3">
        <p className="font-medium">{item.title || 'Untitled run'}</p>
        <p className="text-muted-foreground text-xs sm:hidden">{serviceLabels[item.model_name]}</p>
        {item.has_children && (
          <p className="text-muted-foreground text-xs">
            {item.children.length} part{item.children.length === 1 ? '' : 's'}
          </p>
        )}
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <Badge variant="soft">{serviceLabels[item.model_name]}</Badge>
      </td>
      <td className="hidden px-4 py-3 text-muted-foreground md:table-cell">{formatDateTime(item.created_at)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatTokens(item.cost)}</td>
    </tr>
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
