/** Reads one cookie by name from `document.cookie` (the CSRF double-submit cookies are readable by design). */
export function readCookie(name: string, source: string = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}
