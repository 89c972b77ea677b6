// The outbound guard: every request Parley makes on behalf of a bot (HTTP
// request blocks, code `fetch`, AI base URLs) goes to public addresses only.
// A URL is refused when its scheme is not http(s), its host names a cloud
// metadata service, or its host (as written, or any address it resolves to)
// is not a global unicast address per IANA's special-purpose registries
// (ipaddr.js's ranges; IPv4 embedded in IPv6 decoded in every form) or is one
// of this server's own addresses. The reason texts of the ranges the reference
// runtime knows are its own, so clients and logs read the same.
// Operators who need internal targets list them in PARLEY_OUTBOUND_ALLOW
// (hostnames, IP addresses or CIDR ranges); only those bypass the guard.
import dns from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

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

/**
 * A host name in the one spelling the checks compare: resolvers take
 * `METADATA.Google.Internal.` (any case, absolute with trailing dots) or
 * full-width letters and dots (IDNA maps them) for the same name. An IP
 * literal loses only the brackets of IPv6.
 */
function normalizeHostname(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(bare)) return bare;
  // domainToASCII answers '' for what is no domain name (a space, say): compared as written, it resolves to nothing.
  return (domainToASCII(bare) || bare).replace(/\.+$/, '');
}

/** Headers that unlock cloud metadata services behind a proxy (reference list). */
const BLOCKED_HEADER_PARTS = [
  'x-aws-ec2-metadata-token',
  'x-aws-ec2-metadata-token-ttl-seconds',
  'metadata',
  'metadata-flavor',
];

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
      hostnames.add(normalizeHostname(entry));
    } else if (bits === undefined) {
      addresses.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
    } else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
        throw new Error(`PARLEY_OUTBOUND_ALLOW: bad prefix in "${entry}"`);
      addresses.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
  }
  return { hostnames, addresses, isEmpty: count === 0 };
}

export const EMPTY_ALLOW_LIST = parseAllowList('');

// The reference's reason texts for the ranges it knows; every other address that
// is not global unicast gets a reason naming its IANA special-purpose range.
function ipv4Reason(octets: readonly number[]): string | undefined {
  const [a, b] = octets as [number, number];
  if (a === 127) return 'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.';
  if (a === 169 && b === 254) {
    return 'Access to link-local addresses (169.254.0.0/16) is not allowed for security reasons. This range includes cloud metadata services.';
  }
  if (a === 10) return 'Access to private network range (10.0.0.0/8) is not allowed for security reasons.';
  if (a === 172 && b >= 16 && b <= 31)
    return 'Access to private network range (172.16.0.0/12) is not allowed for security reasons.';
  if (a === 192 && b === 168)
    return 'Access to private network range (192.168.0.0/16) is not allowed for security reasons.';
  if (a === 0) return 'Access to 0.0.0.0/8 range is not allowed for security reasons.';
  return undefined;
}

/**
 * IANA special-purpose ranges (ipaddr.js's names) that are globally
 * reachable: anycast services a bot may legitimately call. Everything else
 * that is not plain unicast is refused.
 */
const GLOBAL_IPV4_RANGES = new Set(['unicast', 'as112', 'amt']);
const GLOBAL_IPV6_RANGES = new Set(['unicast', 'amt', 'as112v6', 'orchid2', 'droneRemoteIdProtocolEntityTags']);
/** IPv6 global unicast is 2000::/3; the rest of the space is special, reserved or unassigned. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function specialRangeReason(range: string, address: string): string {
  return `Access to ${address} (a ${range} address, not public) is not allowed for security reasons.`;
}

function ipv4Refusal(address: ipaddr.IPv4): string | undefined {
  const known = ipv4Reason(address.octets);
  if (known) return known;
  const range = address.range();
  return GLOBAL_IPV4_RANGES.has(range) ? undefined : specialRangeReason(range, address.toString());
}

function ipv6Refusal(address: ipaddr.IPv6): string | undefined {
  // IPv4-mapped (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
  if (address.isIPv4MappedAddress()) return ipv4Refusal(address.toIPv4Address());
  const groups = address.parts;
  const isZero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (isZero(0, 8)) return 'Access to IPv6 unspecified address (::/128) is not allowed for security reasons.';
  if (isZero(0, 7) && groups[7] === 1) return 'Access to IPv6 loopback (::1) is not allowed for security reasons.';
  if ((groups[0]! & 0xffc0) === 0xfe80)
    return 'Access to IPv6 link-local addresses (fe80::/10) is not allowed for security reasons.';
  if ((groups[0]! & 0xfe00) === 0xfc00)
    return 'Access to IPv6 unique local addresses (fc00::/7) is not allowed for security reasons.';
  // IPv4-compatible (::a.b.c.d), NAT64, 6to4 and Teredo carry an IPv4 address a gateway would reach: none is public.
  if (isZero(0, 6)) return specialRangeReason('IPv4-compatible', address.toString());
  const range = address.range();
  if (!GLOBAL_IPV6_RANGES.has(range) || !address.match(IPV6_GLOBAL_UNICAST))
    return specialRangeReason(range === 'unicast' ? 'non-global' : range, address.toString());
  return undefined;
}

/** The host's own interface addresses: reachable as "public" addresses from inside, and never a bot's business. */
export function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) own.add(ipaddr.parse(entry.address.replace(/%.*$/, '')).toNormalizedString());
  }
  return own;
}

/** Why an IP address is refused (undefined: it is public); `own` are this server's addresses (normalized). */
export function addressRefusal(address: string, own: Set<string> = ownAddresses()): string | undefined {
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare) || net.isIP(bare) === 0) return `"${address}" is not an IP address.`;
  const parsed = ipaddr.parse(bare);
  const reason = parsed.kind() === 'ipv4' ? ipv4Refusal(parsed as ipaddr.IPv4) : ipv6Refusal(parsed as ipaddr.IPv6);
  if (reason) return reason;
  if (own.has(parsed.toNormalizedString()))
    return `Access to ${bare} (an address of this server) is not allowed for security reasons.`;
  return undefined;
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
export async function checkTarget(
  rawUrl: string,
  allow: OutboundAllowList,
  lookup: Lookup = systemLookup,
): Promise<CheckedTarget> {
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
export async function checkHost(
  host: string,
  allow: OutboundAllowList,
  lookup: Lookup = systemLookup,
): Promise<ResolvedAddress> {
  // Resolved as written; compared by its one spelling.
  const hostname = host.toLowerCase().replace(/^\[|\]$/g, '');
  const name = normalizeHostname(hostname);
  const hostAllowed = allow.hostnames.has(name);
  if (!hostAllowed && METADATA_HOSTNAMES.has(name))
    throw new OutboundRefused('Access to cloud metadata services is not allowed for security reasons.');
  if (!hostAllowed && name === 'localhost')
    throw new OutboundRefused('Access to localhost is not allowed for security reasons.');
  const literal = net.isIP(hostname);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
    : await resolve(hostname, lookup);
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
      throw new OutboundRefused(
        `Header "${name}" is not allowed as it could be used to bypass cloud metadata service protections.`,
      );
    }
  }
}
