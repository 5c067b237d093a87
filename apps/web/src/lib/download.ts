/** Saves a blob through a temporary object URL: a data: URL would cap the file's size in some browsers. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next task, once the browser has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV file; the byte-order mark makes spreadsheet programs read it as UTF-8. */
export const saveCsv = (csv: string, fileName: string) =>
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);

/** A JSON file, indented so it reads in a text editor. */
export const saveJson = (value: unknown, fileName: string) =>
  saveBlob(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), fileName);
