// The only way out to the network: requests through the outbound guard, with
// each connection pinned to the address that was checked (no second DNS
// answer can swap in a private address), redirects followed by hand (each
// target checked again, credentials dropped when the origin changes), a
// timeout, and a bounded response size.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkHeaders, checkTarget, EMPTY_ALLOW_LIST, systemLookup, type Lookup, type OutboundAllowList, type ResolvedAddress } from './guard';

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request (the effect's time is up, or the caller gave up). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
}

export interface OutboundHttpOptions {
  allow?: OutboundAllowList;
  lookup?: Lookup;
  maxRedirects?: number;
  maxResponseBytes?: number;
}

export type OutboundHttp = (request: OutboundRequest) => Promise<OutboundResponse>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export class OutboundError extends Error {}

/** A lookup that answers the checked address, whatever the host's DNS says now. */
function pinned(address: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
}

function once(url: URL, address: ResolvedAddress, request: OutboundRequest, maxBytes: number): Promise<Omit<OutboundResponse, 'url'> & { location?: string }> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(
      url,
      { method: request.method, headers: request.headers, lookup: pinned(address), signal: request.signal, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy(new OutboundError(`Response larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8'), location: response.headers.location });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export function createOutboundHttp(options: OutboundHttpOptions = {}): OutboundHttp {
  const allow = options.allow ?? EMPTY_ALLOW_LIST;
  const lookup = options.lookup ?? systemLookup;
  const maxRedirects = options.maxRedirects ?? 10;
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  return async (request) => {
    checkHeaders(request.headers);
    let current: OutboundRequest = request;
    for (let hops = 0; ; hops += 1) {
      const target = await checkTarget(current.url, allow, lookup);
      const response = await once(target.url, target.address, current, maxBytes);
      if (!REDIRECTS.has(response.status) || !response.location) {
        const { location: _location, ...rest } = response;
        return { ...rest, url: target.url.toString() };
      }
      if (hops >= maxRedirects) throw new OutboundError(`Too many redirects (more than ${maxRedirects})`);
      const next = new URL(response.location, target.url);
      const headers = { ...current.headers };
      if (next.origin !== target.url.origin) {
        for (const name of Object.keys(headers)) if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
      }
      // As browsers do: 303, and 301/302 after anything but GET/HEAD, go on as a GET without body.
      const becomesGet = response.status === 303 || ((response.status === 301 || response.status === 302) && !['GET', 'HEAD'].includes(current.method.toUpperCase()));
      if (becomesGet) {
        for (const name of Object.keys(headers)) if (['content-type', 'content-length'].includes(name.toLowerCase())) delete headers[name];
      }
      current = { ...current, url: next.toString(), headers, method: becomesGet ? 'GET' : current.method, body: becomesGet ? undefined : current.body };
    }
  };
}
