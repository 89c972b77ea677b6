import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in of another host (allow-listed where a test needs it) that counts the requests reaching it. */
export interface CountingHost {
  url: string;
  hits(): number;
  close(): Promise<void>;
}

/** Answers every request with `body` (JSON unless told otherwise). */
export async function countingHost(body = '{"ok":true}', contentType = 'application/json'): Promise<CountingHost> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.setHeader('content-type', contentType);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
