/*
 * How a logged-out visitor comes back after login (spec §4): `redirect` holds the pathname and
 * `redirectSearch` the query string without its "?" — the browser's own encoding, untouched — so
 * /history?page=2 becomes /auth/signin?redirect=%2Fhistory&redirectSearch=page%3D2 and is restored verbatim.
 * Only same-origin, non-auth paths are followed; anything else falls back to "/".
 */

export interface RedirectParams {
  redirect?: string | undefined;
  redirectSearch?: string | undefined;
}

export function encodeRedirect(location: { pathname: string; searchStr: string }): RedirectParams {
  const search = location.searchStr.replace(/^\?/, '');
  return { redirect: location.pathname, ...(search ? { redirectSearch: search } : {}) };
}

export function isSafeRedirectPath(path: string | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Whitespace or control characters have no place in a path the app produced.
  if ([...path].some((ch) => ch.charCodeAt(0) < 0x20 || /\s/.test(ch))) return false;
  // Back to /auth would bounce a signed-in user in a loop.
  return !(path === '/auth' || path.startsWith('/auth/'));
}

/** The href to go to after login: the saved target with its search, or "/". */
export function resolveRedirect({ redirect, redirectSearch }: RedirectParams): string {
  if (!isSafeRedirectPath(redirect)) return '/';
  const path = redirect.split(/[?#]/)[0] ?? '/';
  const search = (redirectSearch ?? '').replace(/^\?/, '').split('#')[0] ?? '';
  return search ? `${path}?${search}` : path;
}
