// The outbound guard: every request Parley makes on behalf of a bot (HTTP
// request blocks, code `fetch`, AI base URLs) goes to public addresses only.
// A URL is refused when its scheme is not http(s), its host names a cloud
// metadata service, or its host (as written, or any address it resolves to)
// is loopback, private, link-local, unspecified or IPv6 unique-local. The
// reason texts are the reference runtime's, so clients and logs read the same.
// Operators who need internal targets list them in PARLEY_OUTBOUND_ALLOW
// (hostnames, IP addresses or CIDR ranges); only those bypass the guard.
import dns from 'node:dns/promises';
import net from 'node:net';

export class OutboundRefused extends Error {}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver, every address (a host is refused when any of its addresses is). */
export const systemLookup: Lookup = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, order: 'verbatim' });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

const METADATA_HOSTNAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

/** Headers that unlock cloud metadata services behind a proxy (reference list). */
const BLOCKED_HEADER_PARTS = ['x-aws-ec2-metadata-token', 'x-aws-ec2-metadata-token-ttl-seconds', 'metadata', 'metadata-flavor'];

export interface OutboundAllowList {
  hostnames: Set<string>;
  addresses: net.BlockList;
  isEmpty: boolean;
}

/** Parses PARLEY_OUTBOUND_ALLOW: comma-separated hostnames, IP addresses or CIDR ranges. */
export function parseAllowList(raw: string | undefined): OutboundAllowList {
  const hostnames = new Set<string>();
  const addresses = new net.BlockList();
  let count = 0;
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    count += 1;
    const [base, bits] = entry.split('/') as [string, string | undefined];
    const address = base.replace(/^\[|\]$/g, '');
    const family = net.isIP(address);
    if (family === 0) {
      if (bits !== undefined) throw new Error(`PARLEY_OUTBOUND_ALLOW: "${entry}" is not a CIDR range`);
      hostnames.add(entry);
    } else if (bits === undefined) {
      addresses.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
    } else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`PARLEY_OUTBOUND_ALLOW: bad prefix in "${entry}"`);
      addresses.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
  }
  return { hostnames, addresses, isEmpty: count === 0 };
}

export const EMPTY_ALLOW_LIST = parseAllowList('');

function ipv4Reason(octets: readonly number[]): string | undefined {
  const [a, b] = octets as [number, number];
  if (a === 127) return 'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.';
  if (a === 169 && b === 254) {
    return 'Access to link-local addresses (169.254.0.0/16) is not allowed for security reasons. This range includes cloud metadata services.';
  }
  if (a === 10) return 'Access to private network range (10.0.0.0/8) is not allowed for security reasons.';
  if (a === 172 && b >= 16 && b <= 31) return 'Access to private network range (172.16.0.0/12) is not allowed for security reasons.';
  if (a === 192 && b === 168) return 'Access to private network range (192.168.0.0/16) is not allowed for security reasons.';
  if (a === 0) return 'Access to 0.0.0.0/8 range is not allowed for security reasons.';
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<number>(Math.max(0, missing)).fill(0), ...right];
}

function ipv6Reason(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const isZero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // IPv4-mapped (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
  if (isZero(0, 5) && groups[5] === 0xffff) return ipv4Reason([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  if (isZero(0, 8)) return 'Access to IPv6 unspecified address (::/128) is not allowed for security reasons.';
  if (isZero(0, 7) && groups[7] === 1) return 'Access to IPv6 loopback (::1) is not allowed for security reasons.';
  if ((groups[0]! & 0xffc0) === 0xfe80) return 'Access to IPv6 link-local addresses (fe80::/10) is not allowed for security reasons.';
  if ((groups[0]! & 0xfe00) === 0xfc00) return 'Access to IPv6 unique local addresses (fc00::/7) is not allowed for security reasons.';
  return undefined;
}

/** Why an IP address is refused (undefined: it is public). */
export function addressRefusal(address: string): string | undefined {
  const family = net.isIP(address);
  if (family === 4) return ipv4Reason(address.split('.').map(Number));
  if (family === 6) return ipv6Reason(address);
  return `"${address}" is not an IP address.`;
}

function isAllowedAddress(allow: OutboundAllowList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && allow.addresses.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to (checked); the connection is pinned to it. */
  address: ResolvedAddress;
}

/**
 * Checks a URL and resolves its host: the checked address to connect to, or
 * OutboundRefused with the reason. `url` must already be absolute.
 */
export async function checkTarget(rawUrl: string, allow: OutboundAllowList, lookup: Lookup = systemLookup): Promise<CheckedTarget> {
  if (!rawUrl.trim()) throw new OutboundRefused('URL is required');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundRefused('Invalid URL format');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused(`Protocol "${url.protocol}" is not allowed. Only HTTP and HTTPS are permitted.`);
  }
  // WHATWG parsing already turned decimal, hex and octal IPv4 spellings into dotted quads.
  return { url, address: await checkHost(url.hostname, allow, lookup) };
}

/**
 * Checks a host name or IP literal (any protocol: HTTP, SMTP...) and returns
 * the checked address to connect to, or throws OutboundRefused.
 */
export async function checkHost(host: string, allow: OutboundAllowList, lookup: Lookup = systemLookup): Promise<ResolvedAddress> {
  const hostname = host.toLowerCase().replace(/^\[|\]$/g, '');
  const hostAllowed = allow.hostnames.has(hostname);
  if (!hostAllowed && METADATA_HOSTNAMES.has(hostname)) throw new OutboundRefused('Access to cloud metadata services is not allowed for security reasons.');
  if (!hostAllowed && hostname === 'localhost') throw new OutboundRefused('Access to localhost is not allowed for security reasons.');
  const literal = net.isIP(hostname);
  const addresses: ResolvedAddress[] = literal ? [{ address: hostname, family: literal === 6 ? 6 : 4 }] : await resolve(hostname, lookup);
  if (!hostAllowed) {
    for (const { address } of addresses) {
      if (isAllowedAddress(allow, address)) continue;
      const reason = addressRefusal(address);
      if (reason) throw new OutboundRefused(reason);
    }
  }
  return addresses[0]!;
}

async function resolve(hostname: string, lookup: Lookup): Promise<ResolvedAddress[]> {
  let found: ResolvedAddress[];
  try {
    found = await lookup(hostname);
  } catch {
    found = [];
  }
  if (found.length === 0) throw new OutboundRefused(`Hostname "${hostname}" could not be resolved.`);
  return found;
}

/** Refuses headers that could unlock cloud metadata services. */
export function checkHeaders(headers: Record<string, string>): void {
  for (const name of Object.keys(headers)) {
    const key = name.toLowerCase().trim();
    if (BLOCKED_HEADER_PARTS.some((blocked) => key.includes(blocked))) {
      throw new OutboundRefused(`Header "${name}" is not allowed as it could be used to bypass cloud metadata service protections.`);
    }
  }
}
