import http from 'node:http';
import type { AddressInfo } from 'node:net';

// What the messaging providers' stand-ins (fake-whatsapp-api.ts,
// fake-telegram-api.ts) share: a real HTTP server on loopback that records
// every request in order and can be told to fail or hang the next ones
// before answering as the provider would.

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, parsed (undefined when empty; `{ raw }` when not JSON). */
  body: any;
}

export interface ProviderAnswer {
  status: number;
  headers?: Record<string, string>;
  /** JSON, or bytes served as they are. */
  body: unknown;
}

export interface FakeProviderServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: RecordedRequest[];
  /** The next `count` requests answer `status` (429 with `Retry-After: retryAfterSeconds`). */
  failNext(count: number, status: number, retryAfterSeconds?: number): void;
  /** The first request `matches` accepts (after any asked for by failNext) answers `status`, once. */
  failWhen(matches: (request: RecordedRequest) => boolean, status: number, retryAfterSeconds?: number): void;
  /** The next `count` requests are recorded and never answered (until close). */
  hangNext(count: number): void;
  /** The requests, once `count` of them were received in all. */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Forgets the requests received and the failures asked for. */
  reset(): void;
  close(): Promise<void>;
}

export interface ProviderBehaviour {
  /** The provider's answer to a request no failure was asked for. */
  answer(request: RecordedRequest, origin: string): ProviderAnswer;
  /** The provider's error body for a failure asked for. */
  failureBody(status: number, retryAfterSeconds: number | undefined): unknown;
}

export async function startFakeProviderServer(behaviour: ProviderBehaviour): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  type Failure = { status: number; retryAfterSeconds?: number };
  let failures: Failure[] = [];
  let conditionalFailures: (Failure & { matches: (request: RecordedRequest) => boolean })[] = [];
  let hangs = 0;
  let origin = '';

  function record(request: RecordedRequest): void {
    requests.push(request);
    for (const waiter of waiters.filter((candidate) => requests.length >= candidate.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  function send(response: http.ServerResponse, answer: ProviderAnswer): void {
    const bytes = Buffer.isBuffer(answer.body);
    response.writeHead(answer.status, {
      'content-type': bytes ? 'application/octet-stream' : 'application/json',
      ...answer.headers,
    });
    response.end(bytes ? answer.body : JSON.stringify(answer.body));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = { raw };
      }
      const recorded = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
      record(recorded);
      if (hangs > 0) {
        hangs -= 1;
        return;
      }
      const conditional = conditionalFailures.findIndex((candidate) => candidate.matches(recorded));
      const failure =
        failures.shift() ?? (conditional >= 0 ? conditionalFailures.splice(conditional, 1)[0] : undefined);
      if (failure) {
        const { status, retryAfterSeconds } = failure;
        return send(response, {
          status,
          headers: retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {},
          body: behaviour.failureBody(status, retryAfterSeconds),
        });
      }
      send(response, behaviour.answer(recorded, origin));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    failNext(count, status, retryAfterSeconds) {
      for (let index = 0; index < count; index += 1) failures.push({ status, retryAfterSeconds });
    },
    failWhen(matches, status, retryAfterSeconds) {
      conditionalFailures.push({ matches, status, retryAfterSeconds });
    },
    hangNext(count) {
      hangs += count;
    },
    waitForRequests(count, timeoutMs = 5000) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${requests.length} requests received in ${timeoutMs} ms, expected ${count}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve([...requests]);
          },
        });
      });
    },
    reset() {
      requests.length = 0;
      failures = [];
      conditionalFailures = [];
      hangs = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
