/**
 * While a report is on screen, printing shows only the part marked `data-print-area` (the app's sidebar, header and
 * buttons stay off the page); parts marked `data-print-hide` are left out too.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-area], [data-print-area] * { visibility: visible; }
  [data-print-area] { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  [data-print-hide] { display: none !important; }
}`;

export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}
