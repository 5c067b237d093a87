import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Which private addresses a server that fetches URLs (Copyright Detector sources, webhooks) may still reach:
 * `SOURCE_FETCH_ALLOW_PRIVATE`, a comma list of networks (`10.1.0.0/16`, `fd00::/8`), single addresses
 * (`127.0.0.1`) and host names (`wiki.intranet`). Public unicast addresses are always allowed; nothing else is.
 */
export interface PrivateAllowList {
  /** Host names (lower-case) whose own addresses may be private; their redirects elsewhere are judged afresh. */
  hosts: readonly string[];
  /** Networks as `[address, prefix length]`, IPv4-mapped IPv6 judged as IPv4. */
  networks: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];
}

export const noPrivateAddresses: PrivateAllowList = { hosts: [], networks: [] };

export const allowsAnyPrivate = (list: PrivateAllowList) => list.hosts.length > 0 || list.networks.length > 0;

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Parses the setting; throws a message naming the entry at fault. `true` is refused: it would allow everything. */
export function parsePrivateAllowList(value: string): PrivateAllowList {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === 'false') return noPrivateAddresses;
  const hosts: string[] = [];
  const networks: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of entries) {
    if (entry === 'true') {
      throw new Error('name the hosts or networks to allow (e.g. 10.0.0.0/8,wiki.intranet): true no longer allows all');
    }
    const literal = entry.replace(/^\[(.*)\]$/, '$1');
    if (/^[0-9a-f:.]+\/\d+$/.test(entry)) {
      try {
        const [address, prefix] = ipaddr.parseCIDR(entry);
        networks.push(mapped(address, prefix));
      } catch {
        throw new Error(`${entry} is not a network like 10.0.0.0/8 or fd00::/8`);
      }
    } else if (ipaddr.isValid(literal)) {
      const address = ipaddr.parse(literal);
      networks.push(mapped(address, address.kind() === 'ipv4' ? 32 : 128));
    } else if (HOST_NAME.test(entry)) {
      hosts.push(entry);
    } else {
      throw new Error(`${entry} is not a host name, an IP address or a network`);
    }
  }
  return { hosts, networks };
}

/** An IPv4-mapped IPv6 network (`::ffff:10.0.0.0/104`) is the IPv4 network it maps. */
function mapped(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96];
  }
  return [address, prefix];
}

/** Ranges a host name entry never opens: cloud metadata lives on link-local, and the rest reach no real host. */
const NEVER_BY_NAME = new Set(['linkLocal', 'unspecified', 'broadcast', 'multicast']);

/** Whether `address` lies in one of the list's networks. */
export function inAllowedNetwork(list: PrivateAllowList, address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return list.networks.some(([network, prefix]) => network.kind() === parsed.kind() && parsed.match(network, prefix));
}

/** The address rule for one URL: public addresses, the listed networks, and the listed host's own addresses. */
export function privateAddressPolicy(list: PrivateAllowList, isPublic: (address: string) => boolean) {
  return (url: URL) => {
    const namedHost = list.hosts.includes(url.hostname.toLowerCase());
    return (address: string) => {
      if (isPublic(address) || inAllowedNetwork(list, address)) return true;
      if (!namedHost || !ipaddr.isValid(address)) return false;
      return !NEVER_BY_NAME.has(ipaddr.process(address).range());
    };
  };
}

/** Looks a host name up to all its addresses. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

let currentResolver: HostResolver = systemResolver;

/** The one place every URL fetcher resolves names through. */
export const resolveHost: HostResolver = (hostname) => currentResolver(hostname);

/** Replaces the resolver (a test's DNS that answers differently at check and at connect); returns the undo. */
export function useHostResolver(resolver: HostResolver): () => void {
  currentResolver = resolver;
  return () => {
    currentResolver = systemResolver;
  };
}
