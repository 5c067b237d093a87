import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Header values come from a form: line breaks and control characters never reach a header. */
const oneLine = (value: string, max = 120) =>
  [...value]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

export interface ContactMailInput {
  to: string;
  fullName: string;
  email: string;
  company: string | null;
  phoneNumber: string | null;
  message: string;
  appealType: string;
  source: string | null;
  /** The account that sent it. */
  userId: string;
  requestId: string;
  publicUrl: string;
}

/** A contact request for the team: every value the requester typed is escaped in the HTML part. */
export function contactRequestEmail(input: ContactMailInput): MailMessage {
  const rows: [string, string][] = [
    ['Name', input.fullName],
    ['E-mail', input.email],
    ['Company', input.company || '—'],
    ['Phone', input.phoneNumber || '—'],
    ['Request', input.appealType],
    ['Source', input.source || '—'],
    ['Account', input.userId],
    ['Reference', input.requestId],
  ];
  const subject = `${oneLine(input.appealType, 60)}: ${oneLine(input.fullName, 80)}`;
  const text = [
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    input.message,
    '',
    `Reply to this e-mail to answer ${input.fullName} directly.`,
    `Candor - ${input.publicUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<table style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#666">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(input.message)}</p>
<p style="color:#666;font-size:12px">Reply to this e-mail to answer ${escapeHtml(input.fullName)} directly.
<a href="${escapeHtml(input.publicUrl)}">Candor</a></p>
</body></html>`;
  return { to: input.to, subject, text, html, replyTo: input.email };
}
