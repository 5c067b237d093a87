import type { MailMessage } from './mailer.js';
import { wrap } from './templates.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface ReceiptMailInput {
  to: string;
  fullName: string;
  /** What was paid for: a plan bought, a token packet bought, or a plan's renewal. */
  kind: 'plan' | 'token_packet' | 'renewal';
  /** The plan or packet as the checkout page names it: "AI Detector Pro (yearly)", "50K tokens". */
  product: string;
  /** The invoice, as its printable receipt shows it; amounts already formatted in the invoice's currency. */
  number: string;
  date: string;
  description: string;
  /** "2026-11-22 to 2027-11-22" for a plan's period; null for a token packet. */
  period: string | null;
  subtotal: string;
  /** Null when nothing was taken off. */
  discount: string | null;
  total: string;
  paidWith: string;
  /** The invoice's printable receipt, and the account page that lists every invoice. */
  receiptUrl: string;
  accountUrl: string;
  publicUrl: string;
}

const intro = (input: ReceiptMailInput) => {
  switch (input.kind) {
    case 'plan':
      return `Thank you for buying ${input.product}. Your plan is active now.`;
    case 'token_packet':
      return `Thank you for buying ${input.product}. The tokens are in your balance and never expire.`;
    case 'renewal':
      return `Your ${input.product} plan has renewed. Thank you for staying with Candor.`;
  }
};

/** The receipt of one payment: the invoice's lines in the text, the same as a table in the HTML, and its link. */
export function paymentReceiptEmail(input: ReceiptMailInput): MailMessage {
  const subject = `Your Candor receipt ${input.number}`;
  const greeting = `Hello ${input.fullName},`;
  const rows: [string, string][] = [
    ['Receipt', input.number],
    ['Date', input.date],
    ['Item', input.description],
    ...(input.period ? [['Period', input.period] as [string, string]] : []),
    ['Subtotal', input.subtotal],
    ...(input.discount ? [['Discount', `-${input.discount}`] as [string, string]] : []),
    ['Total paid', input.total],
    ['Paid with', input.paidWith],
  ];
  const text = [
    wrap(greeting),
    '',
    wrap(intro(input)),
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(13)}${value}`),
    '',
    'View or print this receipt:',
    input.receiptUrl,
    '',
    'Every invoice is also listed on your account page:',
    input.accountUrl,
    '',
    `Candor - ${input.publicUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro(input))}</p>
<table style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#666">${escapeHtml(label)}</th><td>${label === 'Total paid' ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p><a href="${escapeHtml(input.receiptUrl)}">View or print this receipt</a></p>
<p>Every invoice is also listed on <a href="${escapeHtml(input.accountUrl)}">your account page</a>.</p>
<p style="color:#666;font-size:12px"><a href="${escapeHtml(input.publicUrl)}">Candor</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
