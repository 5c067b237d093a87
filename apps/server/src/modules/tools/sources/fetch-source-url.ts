import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../../http/errors.js';
import { type PrivateAllowList, privateAddressPolicy, resolveHost } from '../../../http/private-allow-list.js';
import { type PageText, tidy } from './page-text.js';

/**
 * Fetches a web page a user names as a plagiarism source, guarded against server-side request forgery: only http(s),
 * only public unicast addresses (checked when the socket connects, so DNS rebinding cannot slip a private address in),
 * every redirect re-checked, the body capped in bytes and the whole fetch capped in time.
 */

export interface FetchSourceUrlOptions {
  /** The private hosts and networks self-hosters may fetch sources on (SOURCE_FETCH_ALLOW_PRIVATE); none by default. */
  privateAllowList: PrivateAllowList;
  maxBytes: number;
  /** The fetch (connecting, redirects and the body), and again reading the page's text. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * An HTML page's title and text (`readHtmlPage`). On the server it runs in a worker thread (the `sources`
   * engine), where a page built to be slow to parse is stopped by `signal` instead of stalling every request.
   */
  readHtml: (html: string, signal: AbortSignal) => Promise<PageText>;
  signal?: AbortSignal;
}

export interface FetchedSource {
  /** The URL the text came from, after redirects. */
  url: string;
  title: string | null;
  text: string;
  contentType: string;
}

/** Decides whether the server may connect to a resolved IP address. */
export type AddressPolicy = (address: string) => boolean;

/** Codes the client can branch on; all are the user's source at fault, so all answer 422. */
export const sourceFetchErrorCodes = {
  invalidUrl: 'source_url_invalid',
  addressRefused: 'source_address_refused',
  unreachable: 'source_unreachable',
  timedOut: 'source_timed_out',
  tooManyRedirects: 'source_too_many_redirects',
  httpError: 'source_http_error',
  tooLarge: 'source_too_large',
  unsupportedType: 'source_unsupported_type',
  noText: 'source_no_text',
  redirectLoop: 'source_redirect_loop',
} as const;

const UNPROCESSABLE = 422;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PLAIN_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

export function fetchSourceUrl(url: string, options: FetchSourceUrlOptions): Promise<FetchedSource> {
  return fetchWithAddressPolicy(url, options, privateAddressPolicy(options.privateAllowList, isPublicAddress));
}

/** `fetchSourceUrl` with the address rule passed in, so a test can allow its own server and refuse the next hop. */
export async function fetchWithAddressPolicy(
  url: string,
  options: Omit<FetchSourceUrlOptions, 'privateAllowList'>,
  // Each hop gets the rule for its own host: an allowed intranet host does not vouch for where it redirects.
  policyFor: (url: URL) => AddressPolicy,
): Promise<FetchedSource> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let current = parseSourceUrl(url);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await requestOnce(current, policyFor(current), signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects >= options.maxRedirects) throw tooManyRedirects(current);
        current = parseSourceUrl(redirectTarget(location, current));
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw httpError(current, status);
      }
      const contentType = mediaType(response.headers['content-type']);
      if (!HTML_TYPES.has(contentType) && !PLAIN_TYPES.has(contentType)) {
        response.destroy();
        throw unsupportedType(current, contentType);
      }
      const bytes = await readBody(response, current, options.maxBytes);
      const decoded = decode(bytes, charset(response.headers['content-type']));
      const page = HTML_TYPES.has(contentType)
        ? await readHtmlOf(current, decoded, options)
        : { title: null, text: tidy(decoded) };
      if (page.text === '') throw noText(current);
      return { url: current.href, contentType, ...page };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The caller's own cancellation is theirs to report; only our time limit becomes a message.
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw timedOut(current, options.timeoutMs);
    throw unreachable(current, error);
  }
}

export interface GuardedGetOptions {
  /** The address rule for each hop: a deployment may allow one private origin, never the hops it redirects to. */
  addressPolicyFor(url: URL): AddressPolicy;
  maxRedirects: number;
  /** Connecting, every redirect and the body. */
  timeoutMs: number;
  signal?: AbortSignal;
  userAgent: string;
  accept: string;
  /** Called before a redirect is followed; throwing refuses it (a site scan stays on its site). */
  beforeRedirect?(from: URL, to: URL): void;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingMessage['headers'];
  /** The URLs that redirected, in order. */
  redirects: string[];
  mediaType: string;
  /** The body, decompressed, at most `maxBytes` (more fails, or with `truncate` is cut off). */
  read(maxBytes: number, truncate?: boolean): Promise<Buffer>;
  /** The body as text, decoded by its charset. */
  readText(maxBytes: number, truncate?: boolean): Promise<string>;
  discard(): void;
}

/**
 * One GET through the SSRF guard with any status answered (a crawler needs the 404s too): only http(s), each hop's
 * address checked when its socket connects, redirects followed one by one and each one checked again, loops refused.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let current = parseSourceUrl(url);
  const redirects: string[] = [];
  const translate = (error: unknown): unknown => {
    if (error instanceof AppError) return error;
    if (options.signal?.aborted) return options.signal.reason;
    if (timeout.aborted) return timedOut(current, options.timeoutMs);
    return unreachable(current, error);
  };
  try {
    for (;;) {
      const response = await requestOnce(current, options.addressPolicyFor(current), signal, {
        accept: options.accept,
        userAgent: options.userAgent,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        const next = parseRedirect(redirectTarget(location, current), current);
        redirects.push(current.href);
        if (next.href === current.href || redirects.includes(next.href)) throw redirectLoop(current);
        if (redirects.length > options.maxRedirects) throw tooManyRedirects(current);
        if (literalRefused(next, options.addressPolicyFor(next))) throw addressRefused(next);
        options.beforeRedirect?.(current, next);
        current = next;
        continue;
      }
      const answered = current;
      const read = (maxBytes: number, truncate = false) =>
        readBody(response, answered, maxBytes, truncate).catch((error: unknown) => {
          throw translate(error);
        });
      return {
        url: answered,
        status,
        headers: response.headers,
        redirects,
        mediaType: mediaType(response.headers['content-type']),
        read,
        readText: async (maxBytes, truncate) =>
          decode(await read(maxBytes, truncate), charset(response.headers['content-type'])),
        discard: () => response.destroy(),
      };
    }
  } catch (error) {
    throw translate(error);
  }
}

/** A redirect's target: http(s) only, so a hop to file: or gopher: is refused with its own words. */
function parseRedirect(target: string, from: URL): URL {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refusal(
      sourceFetchErrorCodes.addressRefused,
      from,
      `${from.hostname} redirected to a ${url.protocol} address, which Candor does not follow`,
      { location: url.protocol },
    );
  }
  return parseSourceUrl(target);
}

/**
 * The page's text, within a time limit of its own from now: on the server the reader may first wait for a free
 * worker thread, and that wait must not be spent from the fetch's. A page that cannot be read (nested too deep,
 * say) has no text Candor can read.
 */
async function readHtmlOf(url: URL, html: string, options: Omit<FetchSourceUrlOptions, 'privateAllowList'>) {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    return await options.readHtml(html, signal);
  } catch {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw readingTimedOut(url, options.timeoutMs);
    throw noText(url);
  }
}

/** True for addresses on the public internet: ipaddr.js's 'unicast' range, IPv4-mapped IPv6 judged as its IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // ::a.b.c.d (deprecated IPv4-compatible form) falls in no named range, yet may reach IPv4 hosts through a tunnel.
  if (
    parsed.kind() === 'ipv6' &&
    parsed
      .toByteArray()
      .slice(0, 12)
      .every((byte) => byte === 0)
  )
    return false;
  return parsed.range() === 'unicast';
}

function parseSourceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(sourceFetchErrorCodes.invalidUrl, UNPROCESSABLE, `${raw} is not a web address`, { url: raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError(
      sourceFetchErrorCodes.invalidUrl,
      UNPROCESSABLE,
      'Only http and https addresses can be fetched',
      {
        url: raw,
      },
    );
  }
  if (url.username || url.password) {
    throw new AppError(
      sourceFetchErrorCodes.invalidUrl,
      UNPROCESSABLE,
      `Remove the user name and password from the address of ${url.hostname}`,
      { host: url.hostname },
    );
  }
  return url;
}

/** The absolute URL a Location header points to, relative to the page that sent it. */
function redirectTarget(location: string, from: URL): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw refusal(
      sourceFetchErrorCodes.invalidUrl,
      from,
      `${from.hostname} redirected to an address that is not valid`,
    );
  }
}

/** Sends one GET and resolves when the response headers arrive. */
function requestOnce(
  url: URL,
  isAllowedAddress: AddressPolicy,
  signal: AbortSignal,
  headers: { accept: string; userAgent: string } = {
    accept: 'text/html, application/xhtml+xml, text/plain;q=0.9, text/markdown;q=0.9',
    userAgent: 'Candor source fetcher',
  },
): Promise<IncomingMessage> {
  // Node connects to a literal IP without calling `lookup`, so literal hosts are checked here instead.
  if (literalRefused(url, isAllowedAddress)) return Promise.reject(addressRefused(url));

  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      // A fresh connection each time: a pooled socket would skip the address check of this fetch.
      agent: false,
      lookup: guardedLookup(url, isAllowedAddress),
      signal,
      headers: { accept: headers.accept, 'accept-encoding': 'gzip, deflate, br', 'user-agent': headers.userAgent },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

/** Resolves like `dns.lookup` but fails unless every address the name resolves to is allowed (webhooks use it too). */
export function guardedLookup(url: URL, isAllowedAddress: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (all) => answer(null, options.family ? all.filter((entry) => entry.family === options.family) : all),
      (error: NodeJS.ErrnoException) => answer(error, []),
    );
    function answer(error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) {
      if (error) return callback(error, '', 0);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (addresses.some((entry) => !isAllowedAddress(entry.address))) return callback(addressRefused(url), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    }
  };
}

/** Whether `url` names a literal IP address the policy refuses. */
function literalRefused(url: URL, isAllowedAddress: AddressPolicy): boolean {
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(literal) !== 0 && !isAllowedAddress(literal);
}

/** `truncate`: the first `maxBytes` are kept instead of failing (a sitemap's first addresses are worth reading). */
async function readBody(response: IncomingMessage, url: URL, maxBytes: number, truncate = false): Promise<Buffer> {
  const declaredLength = Number(response.headers['content-length']);
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' && declaredLength > maxBytes && !truncate) {
    response.destroy();
    throw tooLarge(url, maxBytes);
  }
  const body = decompressed(response, encoding, url);
  const chunks: Buffer[] = [];
  let received = 0;
  // Counted after decompression, so a small compressed bomb stops at the same limit.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      body.destroy();
      response.destroy();
      if (truncate) {
        chunks.push(chunk.subarray(0, chunk.length - (received - maxBytes)));
        return Buffer.concat(chunks);
      }
      throw tooLarge(url, maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function decompressed(response: IncomingMessage, encoding: string, url: URL): Readable {
  if (encoding === 'identity') return response;
  const decompressor = DECOMPRESSORS[encoding];
  if (!decompressor) {
    response.destroy();
    throw unsupportedType(url, `${encoding} encoding`);
  }
  // pipeline, not pipe: an aborted response must fail the stream being read rather than leave it waiting forever.
  return pipeline(response, decompressor(), () => {});
}

const DECOMPRESSORS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: zlib.createGunzip,
  'x-gzip': zlib.createGunzip,
  deflate: zlib.createInflate,
  br: zlib.createBrotliDecompress,
};

/** The media type of a Content-Type header, lower-cased and without parameters; '' when absent. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function charset(header: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Buffer, label: string): string {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown charset label: UTF-8 is what the web mostly sends.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function refusal(code: string, url: URL, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(code, UNPROCESSABLE, message, { host: url.hostname, ...details });
}

const addressRefused = (url: URL) =>
  refusal(
    sourceFetchErrorCodes.addressRefused,
    url,
    `Candor does not fetch private or local addresses (${url.hostname}).`,
  );

const unreachable = (url: URL, cause: unknown) => {
  const reason = errorCode(cause);
  const why = reason === null ? null : (unreachableReasons[reason] ?? (/CERT/.test(reason) ? CERTIFICATE : null));
  return refusal(sourceFetchErrorCodes.unreachable, url, `Could not reach ${url.hostname}${why ? `: ${why}` : ''}`, {
    reason,
  });
};

const CERTIFICATE = 'its security certificate could not be trusted';

/** The network errors a user can act on (a typo, a site that is down) in words; others leave the message bare. */
const unreachableReasons: Record<string, string> = {
  ENOTFOUND: 'no site has that name',
  EAI_AGAIN: 'its name could not be looked up',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut off',
  EHOSTUNREACH: 'there is no route to it',
  ENETUNREACH: 'there is no route to it',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: CERTIFICATE,
};

const timedOut = (url: URL, timeoutMs: number) =>
  refusal(
    sourceFetchErrorCodes.timedOut,
    url,
    `${url.hostname} took longer than ${describeDuration(timeoutMs)} to answer`,
  );

const redirectLoop = (url: URL) =>
  refusal(sourceFetchErrorCodes.redirectLoop, url, `${url.hostname} redirects in a loop`);

const tooManyRedirects = (url: URL) =>
  refusal(sourceFetchErrorCodes.tooManyRedirects, url, `${url.hostname} redirected too many times`);

const httpError = (url: URL, status: number) =>
  refusal(sourceFetchErrorCodes.httpError, url, `${url.hostname} answered ${status} (${statusMeaning(status)})`, {
    status,
  });

/** A status code in words: the number alone tells most users nothing. */
function statusMeaning(status: number): string {
  if (status === 401 || status === 407) return 'the page needs a sign-in';
  if (status === 403) return 'access refused';
  if (status === 404) return 'page not found';
  if (status === 410) return 'the page was removed';
  if (status === 429) return 'too many requests; try again later';
  if (status === 451) return 'unavailable for legal reasons';
  if (status >= 500) return 'an error on that site';
  if (status >= 400) return 'the request was refused';
  return 'no page was sent';
}

const tooLarge = (url: URL, maxBytes: number) =>
  refusal(
    sourceFetchErrorCodes.tooLarge,
    url,
    `The page at ${url.hostname} is larger than ${describeBytes(maxBytes)}`,
    {
      max_bytes: maxBytes,
    },
  );

const unsupportedType = (url: URL, contentType: string) =>
  refusal(
    sourceFetchErrorCodes.unsupportedType,
    url,
    `${url.hostname} sent a file type Candor can't read (${contentType || 'no type given'})`,
    { content_type: contentType },
  );

const readingTimedOut = (url: URL, timeoutMs: number) =>
  refusal(
    sourceFetchErrorCodes.timedOut,
    url,
    `Reading the page at ${url.hostname} took longer than ${describeDuration(timeoutMs)}`,
  );

const noText = (url: URL) =>
  refusal(sourceFetchErrorCodes.noText, url, `The page at ${url.hostname} has no text Candor can read`);

function errorCode(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

function describeBytes(bytes: number): string {
  const units: [string, number][] = [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} bytes`;
}
