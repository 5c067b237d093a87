/**
 * While a report is on screen, printing shows only the part marked `data-print-area` (the app's sidebar, header and
 * buttons stay off the page); parts marked `data-print-hide` are left out too. Inside the area, visibility is
 * inherited rather than forced on, so what the page itself keeps hidden (a chart's idle tooltip box) stays hidden.
 * Browsers drop background colours when printing unless told otherwise, so parts marked `data-print-colors` (the
 * highlights and the swatches that explain them) keep theirs, and a sentence's `data-print-score` is printed after it
 * as text, for a printer without colour.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-area] { visibility: visible; position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  [data-print-area] * { visibility: inherit; }
  [data-print-hide] { display: none !important; }
  [data-print-colors] { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  [data-print-score]::after { content: " [" attr(data-print-score) "]"; font-family: var(--font-sans, sans-serif); font-size: 0.7em; }
}`;

export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}
