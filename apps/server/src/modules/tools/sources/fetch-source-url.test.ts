import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { noPrivateAddresses, parsePrivateAllowList } from '../../../http/private-allow-list.js';
import {
  type FetchSourceUrlOptions,
  fetchSourceUrl,
  fetchWithAddressPolicy,
  isPublicAddress,
  sourceFetchErrorCodes,
} from './fetch-source-url.js';
import { readHtmlPage } from './page-text.js';

const ARTICLE = `<!doctype html>
<html>
<head>
  <title>The  Tides &amp; the Moon</title>
  <style>body { color: red; }</style>
  <script>window.tracking = 'script text';</script>
</head>
<body>
  <header>Site header</header>
  <nav><a href="/home">Home</a> <a href="/about">About</a></nav>
  <main>
    <h1>Why tides happen</h1>
    <p>The moon pulls on the oceans. <a href="https://example.com/gravity">Gravity</a> does the rest.</p>
    <p>Twice a day the water rises.<img src="wave.png" alt="a picture of a wave"></p>
  </main>
  <footer>Copyright footer</footer>
</body>
</html>`;

let server: http.Server;
let origin: string;
let port: number;

/** One request handler per path; each test names the behaviour it needs. */
const routes: Record<string, (request: http.IncomingMessage, response: http.ServerResponse) => void> = {
  '/article': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ARTICLE);
  },
  '/slow-article': (_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
    }, 200);
  },
  '/notes.txt': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('First line.\r\n\r\n\r\n\r\nSecond paragraph – with a dash.\r\n');
  },
  '/latin1': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
    response.end(Buffer.from([0x43, 0x61, 0x66, 0xe9]));
  },
  '/readme.md': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/markdown' });
    response.end('# Heading\n\nSome *markdown*.\n');
  },
  '/compressed': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    response.end(gzipSync(ARTICLE));
  },
  '/gzip-bomb': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    response.end(gzipSync('a'.repeat(5 * 1024 * 1024)));
  },
  '/moved': (_request, response) => {
    response.writeHead(302, { location: '/article' });
    response.end();
  },
  '/loop': (_request, response) => {
    response.writeHead(301, { location: '/loop' });
    response.end();
  },
  '/bad-redirect': (_request, response) => {
    response.writeHead(302, { location: 'http://[not-an-address/' });
    response.end();
  },
  '/to-loopback': (_request, response) => {
    response.writeHead(302, { location: `http://127.0.0.2:${port}/article` });
    response.end();
  },
  '/to-localhost': (_request, response) => {
    response.writeHead(307, { location: `http://localhost:${port}/article` });
    response.end();
  },
  '/big-streamed': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    for (let chunk = 0; chunk < 64; chunk++) response.write('x'.repeat(1024));
    response.end();
  },
  '/big-declared': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(1024 * 1024) });
    response.end('x'.repeat(1024 * 1024));
  },
  '/slow-headers': () => {
    // Never answers; the fetch must give up on its own.
  },
  '/slow-body': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('a start and then nothing');
  },
  '/picture.png': (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  },
  '/untyped': (_request, response) => {
    response.writeHead(200);
    response.end('who knows');
  },
  '/members-only': (_request, response) => {
    response.writeHead(403).end();
  },
  '/removed': (_request, response) => {
    response.writeHead(410).end();
  },
  '/broken': (_request, response) => {
    response.writeHead(503).end();
  },
  '/empty-page': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      '<html><head><title>Nothing</title><script>var x = 1;</script></head><body><nav>Menu</nav></body></html>',
    );
  },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits: FetchSourceUrlOptions = {
  privateAllowList: parsePrivateAllowList('127.0.0.1'),
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  // In process here; the server reads pages in a worker thread (sources/engine.ts).
  readHtml: async (html) => readHtmlPage(html),
};

const fetchLocal = (path: string, overrides: Partial<FetchSourceUrlOptions> = {}) =>
  fetchSourceUrl(`${origin}${path}`, { ...limits, ...overrides });

/** Awaits a refusal and returns it, failing unless it is the app's error shape. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to be refused');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reading pages', () => {
  it('turns HTML into paragraphs of readable text with its title, leaving out page chrome, scripts and link URLs', async () => {
    const page = await fetchLocal('/article');
    expect(page).toEqual({
      url: `${origin}/article`,
      title: 'The Tides & the Moon',
      contentType: 'text/html',
      text: 'Why tides happen\n\nThe moon pulls on the oceans. Gravity does the rest.\n\nTwice a day the water rises.',
    });
  });

  it('reads plain text as UTF-8 with line ends and blank lines normalised', async () => {
    const page = await fetchLocal('/notes.txt');
    expect(page).toEqual({
      url: `${origin}/notes.txt`,
      title: null,
      contentType: 'text/plain',
      text: 'First line.\n\nSecond paragraph – with a dash.',
    });
  });

  it('honours a declared charset', async () => {
    expect((await fetchLocal('/latin1')).text).toBe('Café');
  });

  it('reads Markdown as written', async () => {
    const page = await fetchLocal('/readme.md');
    expect(page).toMatchObject({ contentType: 'text/markdown', text: '# Heading\n\nSome *markdown*.' });
  });

  it('decompresses a gzip body', async () => {
    expect((await fetchLocal('/compressed')).title).toBe('The Tides & the Moon');
  });

  it('follows a redirect and reports the final URL', async () => {
    const page = await fetchLocal('/moved');
    expect(page.url).toBe(`${origin}/article`);
    expect(page.title).toBe('The Tides & the Moon');
  });
});

describe('address guard', () => {
  const guarded = { ...limits, privateAllowList: noPrivateAddresses };

  it.each([
    ['loopback', () => `${origin}/article`, '127.0.0.1'],
    ['IPv6 loopback', () => 'http://[::1]/', '[::1]'],
    ['the unspecified address', () => 'http://0.0.0.0/', '0.0.0.0'],
    ['a private network address', () => 'http://10.0.0.1/', '10.0.0.1'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['an IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['a name that resolves to loopback', () => `http://localhost:${port}/article`, 'localhost'],
    ['a loopback address in decimal form', () => `http://2130706433:${port}/article`, '127.0.0.1'],
  ])('refuses %s unless private addresses are allowed', async (_name, url, host) => {
    const error = await refusal(fetchSourceUrl(url(), guarded));
    expect(error).toMatchObject({
      status: 422,
      code: sourceFetchErrorCodes.addressRefused,
      message: `Candor does not fetch private or local addresses (${host}).`,
    });
  });

  it('checks the address of every redirect hop, including names that resolve to loopback', async () => {
    const onlyFirstServer = (address: string) => address === '127.0.0.1';
    const viaLiteral = await refusal(fetchWithAddressPolicy(`${origin}/to-loopback`, limits, () => onlyFirstServer));
    expect(viaLiteral.message).toBe('Candor does not fetch private or local addresses (127.0.0.2).');

    const refuseAfterFirstConnect = firstAddressOnly();
    const viaName = await refusal(
      fetchWithAddressPolicy(`${origin}/to-localhost`, limits, () => refuseAfterFirstConnect),
    );
    expect(viaName.message).toBe('Candor does not fetch private or local addresses (localhost).');
  });

  it('classifies addresses with ipaddr.js ranges', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2001:db8::1',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});

/** Allows the first address it is asked about (the test server) and refuses every later one. */
function firstAddressOnly(): (address: string) => boolean {
  let asked = 0;
  return () => ++asked === 1;
}

describe('limits and refusals', () => {
  it('stops after too many redirects', async () => {
    const error = await refusal(fetchLocal('/loop'));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.tooManyRedirects,
      message: '127.0.0.1 redirected too many times',
    });
  });

  it('refuses a redirect to an address that is not valid', async () => {
    const error = await refusal(fetchLocal('/bad-redirect'));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.invalidUrl,
      message: '127.0.0.1 redirected to an address that is not valid',
    });
  });

  it('stops a streamed body past maxBytes', async () => {
    const error = await refusal(fetchLocal('/big-streamed', { maxBytes: 32 * 1024 }));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.tooLarge,
      message: 'The page at 127.0.0.1 is larger than 32 KB',
    });
  });

  it('refuses a declared length past maxBytes before reading it', async () => {
    const error = await refusal(fetchLocal('/big-declared', { maxBytes: 512 * 1024 }));
    expect(error.message).toBe('The page at 127.0.0.1 is larger than 512 KB');
  });

  it('counts decompressed bytes, so a small gzip bomb is stopped too', async () => {
    const error = await refusal(fetchLocal('/gzip-bomb', { maxBytes: 2 * 1024 * 1024 }));
    expect(error.message).toBe('The page at 127.0.0.1 is larger than 2 MB');
  });

  it('gives up on a server that does not answer in time', async () => {
    const error = await refusal(fetchLocal('/slow-headers', { timeoutMs: 300 }));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.timedOut,
      message: '127.0.0.1 took longer than 0.3 seconds to answer',
    });
  });

  it('bounds the whole fetch, body included, by the time limit', async () => {
    const error = await refusal(fetchLocal('/slow-body', { timeoutMs: 300 }));
    expect(error.code).toBe(sourceFetchErrorCodes.timedOut);
  });

  it("passes the caller's own cancellation through unchanged", async () => {
    const controller = new AbortController();
    const pending = fetchLocal('/slow-headers', { signal: controller.signal });
    const reason = new Error('the run was cancelled');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('refuses file types it cannot read', async () => {
    const error = await refusal(fetchLocal('/picture.png'));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.unsupportedType,
      message: "127.0.0.1 sent a file type Candor can't read (image/png)",
    });
    expect((await refusal(fetchLocal('/untyped'))).message).toBe(
      "127.0.0.1 sent a file type Candor can't read (no type given)",
    );
  });

  it('refuses a page with no readable text', async () => {
    const error = await refusal(fetchLocal('/empty-page'));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.noText,
      message: 'The page at 127.0.0.1 has no text Candor can read',
    });
  });

  it('refuses a page its reader fails on as having no text', async () => {
    const error = await refusal(
      fetchLocal('/article', {
        readHtml: async () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
      }),
    );
    expect(error).toMatchObject({ code: sourceFetchErrorCodes.noText });
  });

  it('stops reading a page at a time limit of its own, and says reading it timed out', async () => {
    // A reader that only ends when it is stopped: a page built to be slow to read.
    const endless = (_html: string, signal: AbortSignal) =>
      new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const error = await refusal(fetchLocal('/article', { timeoutMs: 300, readHtml: endless }));
    expect(error).toMatchObject({
      code: sourceFetchErrorCodes.timedOut,
      message: 'Reading the page at 127.0.0.1 took longer than 0.3 seconds',
    });
  });

  it('gives reading the page its own time, so waiting for a reader does not use up the fetch’s', async () => {
    // The answer takes 200 ms of the 400 ms limit; the reader then needs 300 ms more (a wait for a free thread).
    const slowReader = async (html: string, signal: AbortSignal) => {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 300);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
      return readHtmlPage(html);
    };
    const page = await fetchLocal('/slow-article', { timeoutMs: 400, readHtml: slowReader });
    expect(page.title).toBe('The Tides & the Moon');
  });

  it('reports an error status', async () => {
    const error = await refusal(fetchLocal('/missing'));
    expect(error).toMatchObject({
      status: 422,
      code: sourceFetchErrorCodes.httpError,
      message: '127.0.0.1 answered 404 (page not found)',
    });
  });

  it.each([
    ['/members-only', '127.0.0.1 answered 403 (access refused)'],
    ['/removed', '127.0.0.1 answered 410 (the page was removed)'],
    ['/broken', '127.0.0.1 answered 503 (an error on that site)'],
  ])('says what the status of %s means', async (path, message) => {
    expect(await refusal(fetchLocal(path))).toMatchObject({ code: sourceFetchErrorCodes.httpError, message });
  });

  it.each(['ftp://example.com/file.txt', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/plain,hello'])(
    'fetches only http and https (%s)',
    async (url) => {
      const error = await refusal(fetchSourceUrl(url, limits));
      expect(error).toMatchObject({
        code: sourceFetchErrorCodes.invalidUrl,
        message: 'Only http and https addresses can be fetched',
      });
    },
  );

  it('refuses credentials in the URL and text that is not a URL', async () => {
    const withCredentials = await refusal(fetchSourceUrl(`http://user:secret@127.0.0.1:${port}/article`, limits));
    expect(withCredentials.message).toBe('Remove the user name and password from the address of 127.0.0.1');
    const notUrl = await refusal(fetchSourceUrl('example dot com', limits));
    expect(notUrl).toMatchObject({
      code: sourceFetchErrorCodes.invalidUrl,
      message: 'example dot com is not a web address',
    });
  });

  it('reports a host that does not resolve', async () => {
    const error = await refusal(fetchSourceUrl('http://nothing.invalid/', limits));
    expect(error.code).toBe(sourceFetchErrorCodes.unreachable);
    // A resolver that cannot be asked at all answers "try again" instead of "no such name".
    expect(error.message).toMatch(
      /^Could not reach nothing\.invalid: (no site has that name|its name could not be looked up)$/,
    );
  });

  it('reports a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(fetchSourceUrl(`http://127.0.0.1:${closedPort}/`, limits));
    expect(error).toMatchObject({
      message: 'Could not reach 127.0.0.1: the connection was refused',
      details: { reason: 'ECONNREFUSED' },
    });
  });
});
