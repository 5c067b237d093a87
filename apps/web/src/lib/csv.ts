/**
 * Text a spreadsheet would run as a formula. Cells come from fetched web pages and anyone's text, so such a cell
 * gets a leading apostrophe (OWASP's advice against CSV injection); numbers are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it holds a comma, a quote or a line break, with its quotes doubled (RFC 4180). */
export function csvField(value: string | number): string {
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Records separated by CRLF, the last one too (RFC 4180). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]) =>
  rows
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
