// The only way out to the network: requests through the outbound guard, with
// each connection pinned to the address that was checked (no second DNS
// answer can swap in a private address), redirects followed by hand (each
// target checked again, credentials dropped when the origin changes), a
// timeout, and a bounded response size.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkHeaders,
  checkTarget,
  EMPTY_ALLOW_LIST,
  systemLookup,
  type Lookup,
  type OutboundAllowList,
  type ResolvedAddress,
} from './guard';

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
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
  /**
   * Keep connections open between requests to the same origin (the
   * messaging providers: a TLS handshake per message otherwise). A reused
   * connection was opened to an address the guard checked, so pinning holds.
   * Off for bots' requests: each goes to whatever host its author names.
   */
  keepAlive?: boolean;
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

interface Agents {
  'http:': http.Agent;
  'https:': https.Agent;
}

// Idle connections are closed after 4 s, before a Node server's 5 s keep-alive would close them under a request.
const KEEP_ALIVE = { keepAlive: true, maxFreeSockets: 32, timeout: 4000 };

/** Opens one hop: resolves with the response head; its body is still to be read. */
function open(
  url: URL,
  address: ResolvedAddress,
  request: OutboundRequest,
  agents: Agents | undefined,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: pinned(address),
        signal: request.signal,
        agent: agents ? agents[url.protocol === 'https:' ? 'https:' : 'http:'] : false,
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

function headersOf(response: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** The whole body, refused past maxBytes. */
async function readAll(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new OutboundError(`Response larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A response whose body is read as it arrives (AI completions streamed to a visitor). */
export interface OutboundStream {
  status: number;
  headers: Record<string, string>;
  url: string;
  body: AsyncIterable<Buffer>;
}

/** The ways of sending a request through the guard. */
export interface OutboundClient {
  request: OutboundHttp;
  /** The body as bytes (files: audio to transcribe). */
  download(request: OutboundRequest): Promise<Omit<OutboundResponse, 'body'> & { bytes: Buffer }>;
  stream(request: OutboundRequest): Promise<OutboundStream>;
}

export function createOutboundClient(options: OutboundHttpOptions = {}): OutboundClient {
  const allow = options.allow ?? EMPTY_ALLOW_LIST;
  const lookup = options.lookup ?? systemLookup;
  const maxRedirects = options.maxRedirects ?? 10;
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const agents: Agents | undefined = options.keepAlive
    ? { 'http:': new http.Agent(KEEP_ALIVE), 'https:': new https.Agent(KEEP_ALIVE) }
    : undefined;
  /** Follows redirects (each target checked again) and answers the final response, body unread. */
  async function finalResponse(request: OutboundRequest): Promise<{ response: http.IncomingMessage; url: URL }> {
    checkHeaders(request.headers);
    let current: OutboundRequest = request;
    for (let hops = 0; ; hops += 1) {
      const target = await checkTarget(current.url, allow, lookup);
      const response = await open(target.url, target.address, current, agents);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url: target.url };
      response.resume();
      if (hops >= maxRedirects) throw new OutboundError(`Too many redirects (more than ${maxRedirects})`);
      const next = new URL(location, target.url);
      const headers = { ...current.headers };
      if (next.origin !== target.url.origin) {
        for (const name of Object.keys(headers))
          if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
      }
      const status = response.statusCode ?? 0;
      // As browsers do: 303, and 301/302 after anything but GET/HEAD, go on as a GET without body.
      const becomesGet =
        status === 303 ||
        ((status === 301 || status === 302) && !['GET', 'HEAD'].includes(current.method.toUpperCase()));
      if (becomesGet) {
        for (const name of Object.keys(headers))
          if (['content-type', 'content-length'].includes(name.toLowerCase())) delete headers[name];
      }
      current = {
        ...current,
        url: next.toString(),
        headers,
        method: becomesGet ? 'GET' : current.method,
        body: becomesGet ? undefined : current.body,
      };
    }
  }
  return {
    async request(request) {
      const { response, url } = await finalResponse(request);
      return {
        status: response.statusCode ?? 0,
        headers: headersOf(response),
        body: (await readAll(response, maxBytes)).toString('utf8'),
        url: url.toString(),
      };
    },
    async download(request) {
      const { response, url } = await finalResponse(request);
      return {
        status: response.statusCode ?? 0,
        headers: headersOf(response),
        bytes: await readAll(response, maxBytes),
        url: url.toString(),
      };
    },
    async stream(request) {
      const { response, url } = await finalResponse(request);
      return {
        status: response.statusCode ?? 0,
        headers: headersOf(response),
        url: url.toString(),
        body: response as AsyncIterable<Buffer>,
      };
    },
  };
}

export function createOutboundHttp(options: OutboundHttpOptions = {}): OutboundHttp {
  return createOutboundClient(options).request;
}
