import { describe, expect, it } from 'vitest';
import { privateAddressHost, unreadSourceUrls } from './source-urls';

describe('privateAddressHost', () => {
  it('names loopback, private-network, link-local and local hosts', () => {
    expect(
      [
        'http://localhost:3000/notes',
        'http://printer.localhost/',
        'https://nas.local/share',
        'http://127.0.0.1/',
        'http://127.1/',
        'http://0x7f000001/',
        'http://0.0.0.0/',
        'http://10.20.30.40/',
        'http://172.16.0.1/',
        'http://172.31.255.255/',
        'http://192.168.1.10/',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'http://[fd12:3456::1]/',
        'http://[fe80::1]/',
        'http://[::ffff:192.168.0.1]/',
      ].map(privateAddressHost),
    ).toEqual([
      'localhost',
      'printer.localhost',
      'nas.local',
      '127.0.0.1',
      '127.0.0.1',
      '127.0.0.1',
      '0.0.0.0',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '[::1]',
      '[fd12:3456::1]',
      '[fe80::1]',
      '[::ffff:c0a8:1]',
    ]);
  });

  it('leaves public hosts, and what is not a web address, to the server', () => {
    expect(
      [
        'https://example.com/article',
        'https://local.example.com/',
        'https://localhost.example/',
        'http://172.32.0.1/',
        'http://172.15.0.1/',
        'http://192.169.0.1/',
        'http://8.8.8.8/',
        'http://[2001:db8::1]/',
        'http://[::ffff:8.8.8.8]/',
        'not a url',
      ].map(privateAddressHost),
    ).toEqual([null, null, null, null, null, null, null, null, null, null]);
  });
});

describe('unreadSourceUrls', () => {
  const urls = ['http://127.0.0.1:9/private', 'https://www.example.com/a', 'https://example.com/b'];

  it('marks the addresses on the host the server could not read', () => {
    expect(
      unreadSourceUrls(urls, {
        code: 'source_address_refused',
        message: 'Candor does not fetch private or local addresses (127.0.0.1).',
      }),
    ).toEqual(['http://127.0.0.1:9/private']);
    expect(unreadSourceUrls(urls, { code: 'source_http_error', message: 'example.com answered 404' })).toEqual([
      'https://example.com/b',
    ]);
    expect(unreadSourceUrls(urls, { code: 'source_unreachable', message: 'Could not reach www.example.com.' })).toEqual(
      ['https://www.example.com/a'],
    );
  });

  it('marks nothing for a failure that is not a source’s, or a host no address has', () => {
    expect(unreadSourceUrls(urls, null)).toEqual([]);
    expect(
      unreadSourceUrls(urls, { code: 'timed_out', message: 'The run took longer than 5 minutes (example.com).' }),
    ).toEqual([]);
    expect(unreadSourceUrls(urls, { code: 'source_unreachable', message: 'Could not reach elsewhere.org' })).toEqual(
      [],
    );
  });
});
