// Site addresses as users type them and as the crawler compares them. Pure and light: the form imports it too.

/** The parts of a WHATWG URL used here: the contracts compile without DOM or Node types, and both have the class. */
export interface SiteUrl {
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  origin: string;
}
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string, base?: string) => SiteUrl }).URL;

/** The two example hosts the spec's message names. */
export const SITE_URL_EXAMPLES = ['example.com', 'https://www.example.com'] as const;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

function validHostname(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  // IPv6 literals keep their brackets in URL.hostname; IPv4 ones are normalised to dotted decimal.
  if (hostname.startsWith('[') && hostname.endsWith(']')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return true;
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const tld = labels.at(-1) ?? '';
  // xn-- keeps internationalised top-level domains (punycode) valid.
  return labels.every((label) => HOST_LABEL.test(label)) && (/^[a-z]{2,63}$/i.test(tld) || tld.startsWith('xn--'));
}

/**
 * A site address as a user typed it, as a URL: the scheme is optional and https is assumed; only http(s), no user
 * name or password, and a host that could exist. Null when it isn't one.
 */
export function parseSiteUrl(raw: string): SiteUrl | null {
  const value = raw.trim();
  if (value === '' || /\s/.test(value)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value);
  let url: SiteUrl;
  try {
    url = new WhatwgUrl(hasScheme ? value : `https://${value.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!validHostname(url.hostname)) return null;
  url.hash = '';
  return url;
}

/** A page's address as the crawler keys it: no fragment (the URL class already lower-cases the host). */
export function normalizePageUrl(url: SiteUrl | string): string {
  const parsed = new WhatwgUrl(typeof url === 'string' ? url : url.href);
  parsed.hash = '';
  return parsed.href;
}

/** The host without a leading www., so example.com and www.example.com are one site. */
export function siteHostKey(url: SiteUrl): string {
  return `${url.hostname.replace(/^www\./, '')}:${url.port}`;
}

/** Whether `url` belongs to the site of `root`: http(s), the same host or its www. twin, the same port. */
export function isSameSite(url: SiteUrl, root: SiteUrl): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && siteHostKey(url) === siteHostKey(root);
}
