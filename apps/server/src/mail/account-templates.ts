import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Sent to the OLD address once an e-mail change took effect, so a hijacked session can't change it silently. */
export function emailChangedNotice(input: {
  to: string;
  newEmail: string;
  fullName: string;
  publicUrl: string;
}): MailMessage {
  const subject = 'The e-mail address of your Candor account was changed';
  const lines = [
    `Hello ${input.fullName},`,
    `the e-mail address of your Candor account was changed to ${input.newEmail}.`,
    'From now on, sign in and receive codes with the new address.',
    "If you didn't make this change, contact us right away by replying to this e-mail.",
  ];
  const text = [...lines.flatMap((line) => [line, '']), `Candor - ${input.publicUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="color:#666;font-size:12px"><a href="${escapeHtml(input.publicUrl)}">Candor</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
