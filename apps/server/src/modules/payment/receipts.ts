/**
 * Receipts by e-mail, one per payment: a plan or token packet bought, a renewal. Each receipt is read in the
 * transaction that writes its invoice and mailed once that commits, so an event applied twice (which writes no second
 * invoice) mails nothing more.
 */
import { type Database, users } from '@candor/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.js';
import { paymentReceiptEmail } from '../../mail/receipt-templates.js';
import { formatDate, formatMoney } from './pages.js';
import type { InvoiceRow } from './payments.repository.js';

/** How an invoice is numbered for people: INV-000042. */
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export const providerLabel = (provider: InvoiceRow['provider']) =>
  provider === 'stripe' ? 'Stripe' : 'Candor test checkout';

/** What the payment was for: a plan bought, a token packet bought, or a plan's renewal. */
export type ReceiptKind = 'plan' | 'token_packet' | 'renewal';

export interface Receipt {
  invoice: InvoiceRow;
  kind: ReceiptKind;
  /** The plan or packet, as the checkout page names it. */
  product: string;
  to: string;
  fullName: string;
}

export interface ReceiptDeps {
  mailer: Pick<Mailer, 'send'>;
  /** The app's origin, for the links. */
  publicUrl: string;
  /** The payment service's path prefix (`/api/payment`): the link is its printable receipt route. */
  paymentPrefix: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The receipt of `invoice`, addressed to its owner; read with the transaction that wrote the invoice. */
export async function receiptFor(
  tx: Database,
  invoice: InvoiceRow,
  kind: ReceiptKind,
  product: string,
): Promise<Receipt> {
  const [user] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, invoice.userId));
  if (!user) throw new Error(`invoice ${invoice.id} has no user`);
  return { invoice, kind, product, to: user.email, fullName: user.fullName };
}

export const receiptUrl = (deps: Pick<ReceiptDeps, 'publicUrl' | 'paymentPrefix'>, invoiceId: string) =>
  `${deps.publicUrl}${deps.paymentPrefix}/v1/payments/invoices/${encodeURIComponent(invoiceId)}/receipt`;

function receiptEmail(deps: ReceiptDeps, { invoice, kind, product, to, fullName }: Receipt) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return paymentReceiptEmail({
    to,
    fullName,
    kind,
    product,
    number: invoiceNumber(invoice.number),
    date: formatDate(invoice.createdAt),
    description: invoice.description,
    period:
      invoice.periodStart && invoice.periodEnd
        ? `${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}`
        : null,
    subtotal: money(invoice.subtotalCents),
    discount: invoice.discountCents > 0 ? money(invoice.discountCents) : null,
    total: money(invoice.totalCents),
    paidWith: providerLabel(invoice.provider),
    receiptUrl: receiptUrl(deps, invoice.id),
    accountUrl: `${deps.publicUrl}/account?tab=subscription`,
    publicUrl: deps.publicUrl,
  });
}

/** Mails each receipt. A failure is logged, never thrown: the payment stands and its invoice is on the account page. */
export async function sendReceipts(deps: ReceiptDeps, receipts: readonly Receipt[]): Promise<void> {
  for (const receipt of receipts) {
    try {
      await deps.mailer.send(receiptEmail(deps, receipt));
    } catch (err) {
      deps.log.error(
        { err, invoiceId: receipt.invoice.id, invoiceNumber: invoiceNumber(receipt.invoice.number) },
        'could not mail the receipt of a payment',
      );
    }
  }
}
