import CircleAlert from 'lucide-react/icons/circle-alert';
import ExternalLink from 'lucide-react/icons/external-link';
import Receipt from 'lucide-react/icons/receipt';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { receiptUrl, useInvoices } from '../api/payments.queries';

/** Every payment, newest first, each with a printable receipt. */
export function InvoicesCard() {
  const invoices = useInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden="true" />
          Invoices
        </CardTitle>
        <CardDescription>Receipts for your plan and token purchases.</CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <div className="space-y-2" role="status" aria-label="Loading invoices">
            {['a', 'b'].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : invoices.isError ? (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Invoices could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(invoices.error)}</AlertDescription>
          </Alert>
        ) : invoices.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No invoices yet. Your receipts appear here after your first payment.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Invoices">
            {invoices.data.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-sm">{invoice.description}</p>
                  <p className="text-muted-foreground text-xs">
                    <span className="font-mono">{invoice.number}</span> · {formatDate(invoice.created_at)}
                    {invoice.discount_cents > 0 &&
                      ` · ${formatPrice(invoice.discount_cents, invoice.currency)} discount`}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-4 sm:justify-end">
                  <span className="font-medium text-sm tabular-nums">
                    {formatPrice(invoice.total_cents, invoice.currency)}
                  </span>
                  <a
                    href={receiptUrl(invoice.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 rounded-sm text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    aria-label={`Receipt ${invoice.number} (opens in a new tab)`}
                  >
                    Receipt
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
