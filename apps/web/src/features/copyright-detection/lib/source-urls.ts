/** The host of a web address as the server names it in its messages (`URL.hostname`: lower case, IPv6 in brackets). */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

const inRange = (value: number, low: number, high: number) => value >= low && value <= high;

/** Loopback, private networks, link-local and "this network" (0.0.0.0/8), from the four numbers of an address. */
function isPrivateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && inRange(b, 16, 31)) ||
    (a === 192 && b === 168)
  );
}

/** Loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10), and IPv4-mapped private addresses. */
function isPrivateIpv6(address: string): boolean {
  if (address === '::1' || address === '::') return true;
  // The URL parser writes an IPv4-mapped address as ::ffff: and two hexadecimal groups.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    return isPrivateIpv4([high >> 8, high & 0xff]);
  }
  const first = address.startsWith('::') ? 0 : Number.parseInt(address.split(':')[0] ?? '0', 16);
  return inRange(first, 0xfc00, 0xfdff) || inRange(first, 0xfe80, 0xfebf);
}

/**
 * The host of `url` when it is obviously on a private or local network (localhost, 127.0.0.0/8, ::1, 10/8,
 * 172.16/12, 192.168/16, 169.254/16, a .local name), else null. The URL parser has already turned shorthand and
 * hexadecimal IPv4 forms (127.1, 0x7f000001) into dotted ones. Names that merely resolve to a private address are
 * left to the server, which checks every address it connects to.
 */
export function privateAddressHost(url: string): string | null {
  const host = hostOf(url);
  if (!host) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return host;
  if (host.startsWith('[')) return isPrivateIpv6(host.slice(1, -1)) ? host : null;
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  return octets && isPrivateIpv4(octets.slice(1).map(Number)) ? host : null;
}

/** Job error codes of a web page the server could not read (apps/server/src/modules/tools/sources). */
const isSourceError = (code: string) => code.startsWith('source_');

/**
 * The web addresses a failed run could not read: the server's message names the host of the page at fault, so the
 * addresses on that host are the ones to mark. A page that redirected elsewhere names the other host, and no
 * address is marked; the message still says what happened.
 */
export function unreadSourceUrls(urls: readonly string[], failure: { code: string; message: string } | null): string[] {
  if (!failure || !isSourceError(failure.code)) return [];
  return urls.filter((url) => {
    const host = hostOf(url);
    if (!host) return false;
    const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Whole host names only: "example.com" is not named by a message about "www.example.com".
    return new RegExp(`(^|[^\\w.-])${escaped}($|[^\\w.-]|\\.(?![\\w-]))`, 'i').test(failure.message);
  });
}
