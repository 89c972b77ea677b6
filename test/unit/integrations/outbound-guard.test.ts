import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createOutboundHttp, OutboundError } from '../../../src/integrations/http/client';
import {
  addressRefusal,
  checkHost,
  checkTarget,
  EMPTY_ALLOW_LIST,
  OutboundRefused,
  parseAllowList,
  type Lookup,
} from '../../../src/integrations/http/guard';

// The outbound guard (SSRF): every refused range, each spelling of it, names
// that resolve to it, and redirects into it; none of them is ever reached.

const LOOPBACK = 'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.';
const LINK_LOCAL =
  'Access to link-local addresses (169.254.0.0/16) is not allowed for security reasons. This range includes cloud metadata services.';
const TEN = 'Access to private network range (10.0.0.0/8) is not allowed for security reasons.';
const ONE_SEVEN_TWO = 'Access to private network range (172.16.0.0/12) is not allowed for security reasons.';
const ONE_NINE_TWO = 'Access to private network range (192.168.0.0/16) is not allowed for security reasons.';
const ZERO = 'Access to 0.0.0.0/8 range is not allowed for security reasons.';
const V6_UNSPECIFIED = 'Access to IPv6 unspecified address (::/128) is not allowed for security reasons.';
const V6_LOOPBACK = 'Access to IPv6 loopback (::1) is not allowed for security reasons.';
const V6_LINK_LOCAL = 'Access to IPv6 link-local addresses (fe80::/10) is not allowed for security reasons.';
const V6_UNIQUE_LOCAL = 'Access to IPv6 unique local addresses (fc00::/7) is not allowed for security reasons.';
const METADATA = 'Access to cloud metadata services is not allowed for security reasons.';

/** A resolver that knows a few test names and fails for anything else (no real DNS in tests). */
const fakeDns: Lookup = async (hostname) => {
  const table: Record<string, { address: string; family: 4 | 6 }[]> = {
    'public.test': [{ address: '93.184.216.34', family: 4 }],
    'loopback.test': [{ address: '127.0.0.1', family: 4 }],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ],
    'v6-loopback.test': [{ address: '::1', family: 6 }],
  };
  const found = table[hostname];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

async function refusal(url: string, allow = EMPTY_ALLOW_LIST): Promise<string> {
  try {
    await checkTarget(url, allow, fakeDns);
  } catch (error) {
    if (error instanceof OutboundRefused) return error.message;
    throw error;
  }
  return 'allowed';
}

describe('checkTarget: refused ranges and spellings', () => {
  test.each([
    ['http://127.0.0.1/', LOOPBACK],
    ['http://127.255.255.254:8080/x', LOOPBACK],
    ['http://2130706433/', LOOPBACK],
    ['http://0x7f000001/', LOOPBACK],
    ['http://0x7f.0.0.1/', LOOPBACK],
    ['http://0177.0.0.1/', LOOPBACK],
    ['http://017700000001/', LOOPBACK],
    ['http://127.1/', LOOPBACK],
    ['http://169.254.169.254/latest/meta-data/', LINK_LOCAL],
    ['http://2852039166/', LINK_LOCAL],
    ['http://0xa9.0xfe.0xa9.0xfe/', LINK_LOCAL],
    ['http://10.0.0.1/', TEN],
    ['http://012.0.0.1/', TEN],
    ['http://172.16.0.1/', ONE_SEVEN_TWO],
    ['http://172.31.255.255/', ONE_SEVEN_TWO],
    ['http://192.168.1.1/', ONE_NINE_TWO],
    ['http://0.0.0.0/', ZERO],
    ['http://0/', ZERO],
    ['http://[::]/', V6_UNSPECIFIED],
    ['http://[0:0:0:0:0:0:0:0]/', V6_UNSPECIFIED],
    ['http://[::1]/', V6_LOOPBACK],
    ['http://[0:0:0:0:0:0:0:1]/', V6_LOOPBACK],
    ['http://[fe80::1]/', V6_LINK_LOCAL],
    ['http://[febf::1]/', V6_LINK_LOCAL],
    ['http://[fc00::1]/', V6_UNIQUE_LOCAL],
    ['http://[fd12:3456::1]/', V6_UNIQUE_LOCAL],
    ['http://[::ffff:127.0.0.1]/', LOOPBACK],
    ['http://[::ffff:7f00:1]/', LOOPBACK],
    ['http://[::ffff:a9fe:a9fe]/', LINK_LOCAL],
    ['http://[0:0:0:0:0:ffff:10.0.0.1]/', TEN],
    ['http://metadata.google.internal/computeMetadata/v1/', METADATA],
    ['http://metadata.goog/', METADATA],
    ['http://metadata/', METADATA],
    ['http://localhost:3000/', 'Access to localhost is not allowed for security reasons.'],
    ['http://loopback.test/', LOOPBACK],
    ['http://mixed.test/', TEN],
    ['http://v6-loopback.test/', V6_LOOPBACK],
    ['file:///etc/passwd', 'Protocol "file:" is not allowed. Only HTTP and HTTPS are permitted.'],
    ['gopher://example.com/', 'Protocol "gopher:" is not allowed. Only HTTP and HTTPS are permitted.'],
    ['not a url', 'Invalid URL format'],
    ['', 'URL is required'],
    ['http://unknown.test/', 'Hostname "unknown.test" could not be resolved.'],
  ])('%s is refused', async (url, reason) => {
    expect(await refusal(url)).toBe(reason);
  });

  test('public addresses and names pass, pinned to the checked address', async () => {
    expect(await refusal('https://93.184.216.34/')).toBe('allowed');
    expect(await refusal('http://[2606:2800:220:1:248:1893:25c8:1946]/')).toBe('allowed');
    expect(await refusal('http://172.32.0.1/')).toBe('allowed');
    expect((await checkTarget('https://public.test/a?b=1', EMPTY_ALLOW_LIST, fakeDns)).address).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  test('PARLEY_OUTBOUND_ALLOW: listed hostnames, addresses and CIDR ranges (loopback included) bypass the guard, nothing else', async () => {
    const allow = parseAllowList('loopback.test, 10.0.0.0/8, 127.0.0.1, [::1]');
    expect(await refusal('http://loopback.test/', allow)).toBe('allowed');
    expect(await refusal('http://10.9.8.7/', allow)).toBe('allowed');
    expect(await refusal('http://127.0.0.1:9/', allow)).toBe('allowed');
    expect(await refusal('http://[::1]/', allow)).toBe('allowed');
    expect(await refusal('http://127.0.0.2/', allow)).toBe(LOOPBACK);
    expect(await refusal('http://192.168.0.1/', allow)).toBe(ONE_NINE_TWO);
    expect(await refusal('http://169.254.169.254/', allow)).toBe(LINK_LOCAL);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow('bad prefix');
  });

  test('addressRefusal names the range of each address family', () => {
    expect(addressRefusal('8.8.8.8')).toBeUndefined();
    expect(addressRefusal('2606:4700:4700::1111')).toBeUndefined();
    expect(addressRefusal('::ffff:192.168.0.1')).toBe(ONE_NINE_TWO);
    // Documentation addresses are not global either (IANA special-purpose registry).
    expect(addressRefusal('2001:db8::1')).toBe(
      'Access to 2001:db8::1 (a reserved address, not public) is not allowed for security reasons.',
    );
  });
});

describe('host names are compared in one spelling (lower case, ASCII, no trailing dots)', () => {
  // Were the names not refused as such, a resolver would still answer them; the refusal must come first.
  const lookups: string[] = [];
  const anyName: Lookup = async (hostname) => {
    lookups.push(hostname);
    return [{ address: '93.184.216.34', family: 4 }];
  };
  beforeEach(() => {
    lookups.length = 0;
  });

  async function hostRefusal(host: string, allow = EMPTY_ALLOW_LIST, lookup = anyName): Promise<string> {
    try {
      await checkHost(host, allow, lookup);
    } catch (error) {
      if (error instanceof OutboundRefused) return error.message;
      throw error;
    }
    return 'allowed';
  }

  test.each([
    'metadata.google.internal.',
    'metadata.google.internal..',
    'METADATA.GOOGLE.INTERNAL',
    'METADATA.GOOGLE.INTERNAL..',
    'Metadata.Goog.',
    'metadata.',
    'ｍｅｔａｄａｔａ．google．internal', // full-width letters and dots: IDNA maps them to ASCII
    'meta\u00addata.google.internal', // a soft hyphen: IDNA drops it
  ])('%s is a metadata service, refused without a lookup', async (host) => {
    expect(await hostRefusal(host)).toBe(METADATA);
    expect(lookups).toEqual([]);
  });

  test.each(['http://metadata.google.internal./', 'http://METADATA.GOOGLE.INTERNAL../', 'http://metadata.goog./x'])(
    '%s is refused as a metadata service',
    async (url) => {
      await expect(checkTarget(url, EMPTY_ALLOW_LIST, anyName)).rejects.toThrow(METADATA);
      expect(lookups).toEqual([]);
    },
  );

  test.each(['localhost.', 'LOCALHOST', 'localhost..'])('%s is localhost', async (host) => {
    expect(await hostRefusal(host)).toBe('Access to localhost is not allowed for security reasons.');
    expect(lookups).toEqual([]);
  });

  test('an allow-listed name matches in any spelling, either way round', async () => {
    const toLoopback: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await hostRefusal('Loopback.Test.', parseAllowList('loopback.test'), toLoopback)).toBe('allowed');
    expect(await hostRefusal('loopback.test', parseAllowList('LOOPBACK.TEST.'), toLoopback)).toBe('allowed');
    expect(await hostRefusal('other.test', parseAllowList('loopback.test'), toLoopback)).toBe(LOOPBACK);
  });

  test('names that only look alike stay names to resolve', async () => {
    expect(await hostRefusal('metadata.google.internal.example')).toBe('allowed');
    expect(await hostRefusal('xmetadata')).toBe('allowed');
    expect(lookups).toEqual(['metadata.google.internal.example', 'xmetadata']);
  });
});

describe('checkTarget: every address that is not global unicast (IANA special-purpose registries)', () => {
  const special = (address: string, range: string) =>
    `Access to ${address} (a ${range} address, not public) is not allowed for security reasons.`;
  test.each([
    ['http://100.100.100.200/latest/meta-data/', special('100.100.100.200', 'carrierGradeNat')], // Alibaba Cloud metadata
    ['http://100.64.0.1/', special('100.64.0.1', 'carrierGradeNat')],
    ['http://100.127.255.254/', special('100.127.255.254', 'carrierGradeNat')],
    ['http://198.18.0.1/', special('198.18.0.1', 'reserved')],
    ['http://198.19.255.1/', special('198.19.255.1', 'reserved')],
    ['http://192.0.0.170/', special('192.0.0.170', 'reserved')],
    ['http://192.0.2.1/', special('192.0.2.1', 'reserved')],
    ['http://240.0.0.1/', special('240.0.0.1', 'reserved')],
    ['http://224.0.0.1/', special('224.0.0.1', 'multicast')],
    ['http://239.255.255.250/', special('239.255.255.250', 'multicast')],
    ['http://255.255.255.255/', special('255.255.255.255', 'broadcast')],
    ['http://[64:ff9b::7f00:1]/', special('64:ff9b::7f00:1', 'rfc6052')], // NAT64 to 127.0.0.1
    ['http://[64:ff9b::a9fe:a9fe]/', special('64:ff9b::a9fe:a9fe', 'rfc6052')], // NAT64 to the metadata address
    ['http://[2002:7f00:1::]/', special('2002:7f00:1::', '6to4')],
    ['http://[2002:a9fe:a9fe::1]/', special('2002:a9fe:a9fe::1', '6to4')],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', special('2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo')],
    ['http://[::127.0.0.1]/', special('::7f00:1', 'IPv4-compatible')],
    ['http://[::a9fe:a9fe]/', special('::a9fe:a9fe', 'IPv4-compatible')],
    ['http://[::ffff:0:127.0.0.1]/', special('::ffff:0:7f00:1', 'rfc6145')],
    ['http://[ff02::1]/', special('ff02::1', 'multicast')],
    ['http://[100::1]/', special('100::1', 'discard')],
    ['http://[fec0::1]/', special('fec0::1', 'deprecatedSiteLocal')],
    ['http://[4000::1]/', special('4000::1', 'non-global')],
  ])('%s is refused', async (url, reason) => {
    expect(await refusal(url)).toBe(reason);
  });

  test("the server's own addresses are refused, public ones included", async () => {
    const own = new Set(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect(addressRefusal('93.184.216.34', own)).toBe(
      'Access to 93.184.216.34 (an address of this server) is not allowed for security reasons.',
    );
    expect(addressRefusal('2606:2800:220:1:248:1893:25c8:1946', own)).toBe(
      'Access to 2606:2800:220:1:248:1893:25c8:1946 (an address of this server) is not allowed for security reasons.',
    );
    expect(addressRefusal('93.184.216.35', own)).toBeUndefined();
    // The machine's own interfaces, as found: every one of them is refused.
    const interfaces = Object.values(os.networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((entry) => entry.address.replace(/%.*$/, '')),
    );
    expect(interfaces.length).toBeGreaterThan(0);
    for (const address of interfaces) expect(addressRefusal(address)).toMatch(/not allowed for security reasons/);
  });

  test('allow-listed special addresses still pass', async () => {
    expect(await refusal('http://100.100.100.200/', parseAllowList('100.64.0.0/10'))).toBe('allowed');
  });
});

interface Echo {
  url: string;
  hits: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for a third party: echoes requests, counts hits; /redirect?to= redirects. */
async function echoServer(): Promise<Echo> {
  const hits: Echo['hits'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (request.url?.startsWith('/redirect') && target) {
        response.writeHead(Number(new URL(request.url, 'http://x').searchParams.get('status') ?? 302), {
          location: target,
        });
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ method: request.method, path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('outbound client', () => {
  let echo: Echo;
  let other: Echo;
  beforeAll(async () => {
    echo = await echoServer();
    other = await echoServer();
  });
  afterAll(async () => {
    await echo.close();
    await other.close();
  });
  beforeEach(() => {
    echo.hits.length = 0;
    other.hits.length = 0;
  });

  test('refuses loopback without an allow-list: the server is never reached', async () => {
    const request = createOutboundHttp({ lookup: fakeDns });
    await expect(request({ url: `${echo.url}/x`, method: 'GET', headers: {} })).rejects.toThrow(
      new OutboundRefused(LOOPBACK),
    );
    await expect(
      request({ url: `http://loopback.test:${new URL(echo.url).port}/x`, method: 'GET', headers: {} }),
    ).rejects.toThrow(LOOPBACK);
    expect(echo.hits).toHaveLength(0);
  });

  test('refuses metadata-unlocking headers before connecting', async () => {
    const request = createOutboundHttp({ allow: parseAllowList('127.0.0.1') });
    await expect(
      request({ url: `${echo.url}/x`, method: 'GET', headers: { 'Metadata-Flavor': 'Google' } }),
    ).rejects.toThrow(
      'Header "Metadata-Flavor" is not allowed as it could be used to bypass cloud metadata service protections.',
    );
    expect(echo.hits).toHaveLength(0);
  });

  test('an allow-listed target is reached; a name is pinned to its checked address', async () => {
    const request = createOutboundHttp({ allow: parseAllowList('loopback.test'), lookup: fakeDns });
    const response = await request({
      url: `http://loopback.test:${new URL(echo.url).port}/ping?a=1`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ method: 'POST', path: '/ping?a=1' });
    expect(echo.hits).toEqual([expect.objectContaining({ method: 'POST', url: '/ping?a=1', body: '{"x":1}' })]);
    expect(echo.hits[0]!.headers.host).toBe(`loopback.test:${new URL(echo.url).port}`);
  });

  test('a redirect to a refused address is refused (the target is never reached)', async () => {
    // The first server is allowed; the redirect goes to the same loopback address under another name.
    const request = createOutboundHttp({
      allow: parseAllowList('public-front.test'),
      lookup: async (host) => (host === 'public-front.test' ? [{ address: '127.0.0.1', family: 4 }] : fakeDns(host)),
    });
    const front = `http://public-front.test:${new URL(echo.url).port}`;
    await expect(
      request({ url: `${front}/redirect?to=${encodeURIComponent(`${other.url}/secret`)}`, method: 'GET', headers: {} }),
    ).rejects.toThrow(LOOPBACK);
    await expect(
      request({
        url: `${front}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`,
        method: 'GET',
        headers: {},
      }),
    ).rejects.toThrow(LINK_LOCAL);
    expect(echo.hits).toHaveLength(2);
    expect(other.hits).toHaveLength(0);
  });

  test('redirects are followed (at most 10), credentials dropped across origins, 303 becomes a GET', async () => {
    const request = createOutboundHttp({ allow: parseAllowList('127.0.0.1') });
    const response = await request({
      url: `${echo.url}/redirect?status=303&to=${encodeURIComponent(`${other.url}/landed`)}`,
      method: 'POST',
      headers: { authorization: 'Bearer secret', cookie: 'a=b', 'x-kept': 'yes', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${other.url}/landed`);
    expect(other.hits).toHaveLength(1);
    expect(other.hits[0]).toMatchObject({ method: 'GET', url: '/landed', body: '' });
    expect(other.hits[0]!.headers.authorization).toBeUndefined();
    expect(other.hits[0]!.headers.cookie).toBeUndefined();
    expect(other.hits[0]!.headers['x-kept']).toBe('yes');

    let chain = `${echo.url}/end`;
    for (let hop = 0; hop < 11; hop += 1) chain = `${echo.url}/redirect?to=${encodeURIComponent(chain)}`;
    await expect(request({ url: chain, method: 'GET', headers: {} })).rejects.toThrow(
      new OutboundError('Too many redirects (more than 10)'),
    );
  });
});
