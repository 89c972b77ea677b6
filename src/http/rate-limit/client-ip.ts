import { BlockList, isIP } from 'node:net';

/**
 * The client address a request is counted under. `X-Forwarded-For` is anyone's
 * to write, so it is read only when the peer is one of PARLEY_TRUSTED_PROXIES,
 * and then from the right: the first address not itself a trusted proxy is the
 * one the outermost trusted proxy saw.
 */
export type ClientIpResolver = (peer: string | undefined, forwardedFor: string | undefined) => string;

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Node reports IPv4 peers on a dual-stack socket as `::ffff:a.b.c.d`. */
function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** `list`: comma-separated IPs and CIDR ranges; throws on an entry that is neither. */
export function parseTrustedProxies(list: string): BlockList {
  const trusted = new BlockList();
  for (const entry of list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    if (!address || !isIP(address))
      throw new Error(`PARLEY_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    if (prefix === undefined) trusted.addAddress(address, family(address));
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family(address) === 'ipv6' ? 128 : 32))
        throw new Error(`PARLEY_TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      trusted.addSubnet(address, bits, family(address));
    }
  }
  return trusted;
}

export function clientIpResolver(trusted: BlockList): ClientIpResolver {
  const isTrusted = (address: string) => isIP(address) !== 0 && trusted.check(address, family(address));
  return (peer, forwardedFor) => {
    const direct = normalize(peer ?? 'unknown');
    if (!forwardedFor || !isTrusted(direct)) return direct;
    const hops = forwardedFor.split(',').map(normalize).filter(Boolean);
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = hops[index]!;
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? direct;
  };
}
