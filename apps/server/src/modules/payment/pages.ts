/**
 * The few server-rendered pages of the payment service: the local provider's checkout and the printable receipt.
 * No scripts (the CSP allows none inline); one stylesheet served from `stylesheetPath`.
 */

export const stylesheetPath = '/v1/payments/assets/pages.css';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values: everything that comes from data goes through here. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** A tagged template whose interpolations are escaped unless they are already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}
function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const formatDate = (date: Date) => date.toISOString().slice(0, 10);

/** A whole document around `body`; `stylesheet` is the absolute path of the stylesheet route. */
export function document(input: { title: string; stylesheet: string; body: Html; className?: string }): string {
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${input.title}</title>
<link rel="stylesheet" href="${input.stylesheet}">
</head>
<body class="${input.className ?? ''}">
${input.body}
</body>
</html>`.value
  }`;
}

export const pagesCss = `
:root {
  color-scheme: light dark;
  --bg: #f4f5f8;
  --card: #ffffff;
  --text: #171a21;
  --muted: #5d6473;
  --line: #e2e5ec;
  --accent: #4f46e5;
  --accent-text: #ffffff;
  --accent-soft: #eef0ff;
  --danger: #b42318;
  --danger-soft: #fdecea;
  --success: #067647;
  --field: #ffffff;
  --shadow: 0 1px 2px rgb(16 24 40 / 6%), 0 8px 24px rgb(16 24 40 / 8%);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1117;
    --card: #181b24;
    --text: #eceef3;
    --muted: #a0a7b6;
    --line: #2b3040;
    --accent: #818cf8;
    --accent-text: #0f1117;
    --accent-soft: #23264a;
    --danger: #f97066;
    --danger-soft: #3a1d1d;
    --success: #47cd89;
    --field: #11141b;
    --shadow: 0 1px 2px rgb(0 0 0 / 40%), 0 8px 24px rgb(0 0 0 / 35%);
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); min-height: 100vh; }
a { color: var(--accent); }
.shell { max-width: 960px; margin: 0 auto; padding: 32px 16px 48px; }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; letter-spacing: .01em; margin-bottom: 24px; }
.brand-mark { width: 28px; height: 28px; border-radius: 8px; background: var(--accent); color: #fff; display: inline-grid; place-items: center; font-size: 15px; }
.badge { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: var(--accent-soft); color: var(--accent); }
.grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr); gap: 24px; align-items: start; }
@media (max-width: 760px) { .grid { grid-template-columns: 1fr; } .shell { padding-top: 20px; } }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; box-shadow: var(--shadow); padding: 24px; }
.card.narrow { max-width: 520px; margin: 0 auto; text-align: center; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 0 0 16px; }
.muted { color: var(--muted); }
.small { font-size: 13px; }
.lines { list-style: none; margin: 16px 0 0; padding: 0; }
.lines li { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-top: 1px solid var(--line); }
.lines li.total { font-weight: 700; font-size: 18px; }
.lines .discount { color: var(--success); }
.field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 14px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
label { font-size: 14px; font-weight: 600; }
input { font: inherit; color: var(--text); background: var(--field); border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; width: 100%; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--danger); }
.error { color: var(--danger); font-size: 13px; margin: 0; }
.alert { background: var(--danger-soft); color: var(--danger); border-radius: 10px; padding: 10px 12px; margin: 0 0 16px; font-size: 14px; }
.actions { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin-top: 8px; }
.actions.center { justify-content: center; }
button, .button { font: inherit; font-weight: 600; border: 0; border-radius: 10px; padding: 11px 18px; cursor: pointer; text-decoration: none; display: inline-block; text-align: center; }
.primary { background: var(--accent); color: var(--accent-text); }
.primary.wide { width: 100%; }
.secondary { background: transparent; color: var(--text); border: 1px solid var(--line); }
.testcards { margin-top: 20px; border-top: 1px dashed var(--line); padding-top: 16px; }
.testcards table { width: 100%; border-collapse: collapse; font-size: 13px; }
.testcards th, .testcards td { text-align: left; padding: 6px 4px; border-bottom: 1px solid var(--line); }
.testcards code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: nowrap; }
.footer { margin-top: 24px; text-align: center; }
.receipt { max-width: 720px; margin: 0 auto; }
.receipt table { width: 100%; border-collapse: collapse; margin-top: 16px; }
.receipt th, .receipt td { text-align: left; padding: 8px 4px; border-bottom: 1px solid var(--line); }
.receipt td.amount, .receipt th.amount { text-align: right; }
.receipt-head { display: flex; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
@media print {
  :root { --bg: #fff; --card: #fff; --shadow: none; --text: #000; --muted: #444; --line: #ccc; }
  .no-print { display: none; }
  .shell { padding: 0; }
}
`;
