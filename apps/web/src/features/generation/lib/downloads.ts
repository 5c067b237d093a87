/** Saves `blob` under `name` through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A file name from a title: letters, digits and dashes, at most 60 characters. */
export function fileNameOf(title: string, extension: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'article';
  return `${base}.${extension}`;
}
