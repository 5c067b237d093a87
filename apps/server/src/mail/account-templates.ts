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

function notice(to: string, subject: string, lines: string[], publicUrl: string): MailMessage {
  const text = [...lines.flatMap((line) => [line, '']), `Candor - ${publicUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="color:#666;font-size:12px"><a href="${escapeHtml(publicUrl)}">Candor</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/**
 * Sent instead of a code when someone signs up with an address that already has an account: the sign-up answers as
 * for a new address, so only the mailbox's owner learns that the account exists (docs/product-decisions.md).
 */
export function accountExistsNotice(input: { to: string; fullName: string; publicUrl: string }): MailMessage {
  return notice(
    input.to,
    'You already have a Candor account',
    [
      `Hello ${input.fullName},`,
      'someone just tried to create a Candor account with this e-mail address, which already has one.',
      `If it was you, sign in at ${input.publicUrl}/auth/signin, or choose "Forgot password" there to set a new password.`,
      "If it wasn't you, you can ignore this e-mail: nothing about your account has changed.",
    ],
    input.publicUrl,
  );
}

/** Sent instead of a code when an account asks to move to an address another account already uses. */
export function addressInUseNotice(input: { to: string; publicUrl: string }): MailMessage {
  return notice(
    input.to,
    'Your address was offered for another Candor account',
    [
      'Hello,',
      'someone asked to change the e-mail address of a Candor account to this one, which already belongs to a Candor account.',
      'Nothing has changed: an address can belong to one account only. If this was you, sign in with this address instead.',
    ],
    input.publicUrl,
  );
}
