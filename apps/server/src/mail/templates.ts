import type { MailMessage } from './mailer.js';

export type OtpPurpose = 'verify_account' | 'reset_password' | 'change_email' | 'delete_account';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const copy: Record<OtpPurpose, { subject: string; intro: string; outro: string }> = {
  verify_account: {
    subject: 'Your Candor verification code',
    intro: 'Use this code to verify your e-mail address and finish creating your Candor account:',
    outro: "If you didn't sign up for Candor, you can ignore this e-mail.",
  },
  reset_password: {
    subject: 'Your Candor password reset code',
    intro: 'Use this code to choose a new password for your Candor account:',
    outro: "If you didn't ask to reset your password, you can ignore this e-mail; your password stays as it is.",
  },
  change_email: {
    subject: 'Confirm your new Candor e-mail address',
    intro: 'Use this code to confirm this address as the new e-mail of your Candor account:',
    outro: "If you didn't ask for this change, you can ignore this e-mail; nothing changes without the code.",
  },
  delete_account: {
    subject: 'Your Candor account deletion code',
    intro: 'Use this code to confirm that you want to delete your Candor account and all its data:',
    outro: "If you didn't ask to delete your account, ignore this e-mail and consider changing your password.",
  },
};

/** Wraps prose at 72 columns: short lines keep the message 7bit, so the .eml stays readable as it is. */
export function wrap(text: string, width = 72): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The one-time code e-mail; the code is the first number in the text so it is easy to find and to copy. */
export function otpEmail(input: {
  to: string;
  purpose: OtpPurpose;
  code: string;
  fullName: string;
  validSeconds: number;
  publicUrl: string;
}): MailMessage {
  const { subject, intro, outro } = copy[input.purpose];
  const minutes = Math.max(1, Math.round(input.validSeconds / 60));
  const validity = `The code is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const greeting = `Hello ${input.fullName},`;
  const text = [
    `Your code: ${input.code}`,
    '',
    wrap(greeting),
    '',
    wrap(intro),
    '',
    `    ${input.code}`,
    '',
    wrap(`${validity} ${outro}`),
    '',
    `Candor - ${input.publicUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0">${input.code}</p>
<p>${escapeHtml(validity)}<br>${escapeHtml(outro)}</p>
<p style="color:#666;font-size:12px"><a href="${escapeHtml(input.publicUrl)}">Candor</a></p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
