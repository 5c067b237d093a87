import { defaultStringifySearch } from '@tanstack/react-router';

/** The current location's href without some search params (the router's own encoding for the rest). */
export function hrefWithout(
  location: { pathname: string; search: Record<string, unknown>; hash?: string },
  keys: readonly string[],
): string {
  const rest = Object.fromEntries(Object.entries(location.search).filter(([key]) => !keys.includes(key)));
  const hash = location.hash ? `#${location.hash.replace(/^#/, '')}` : '';
  return `${location.pathname}${defaultStringifySearch(rest)}${hash}`;
}
