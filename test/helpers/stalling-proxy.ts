import net, { type AddressInfo } from 'node:net';

// A TCP proxy on loopback in front of a test server, to make a live stream die
// silently: `stallStreams()` stops passing on what the server sends over the
// connections whose last answer is an event stream, while their sockets stay
// open (as a stream behind a sleeping laptop's Wi-Fi, or a proxy that lost its
// upstream, looks to a browser). Other connections, and new ones, go on.

export interface StallingProxy {
  /** The proxy's origin: open the console here. */
  url: string;
  /** How many event streams are open through it now (stalled or not). */
  openStreams(): number;
  /** Black-holes the open event streams; answers how many. */
  stallStreams(): number;
  close(): Promise<void>;
}

interface Connection {
  /** Whether the last answer that began on this connection is an event stream. */
  streaming: boolean;
  stalled: boolean;
  sockets: net.Socket[];
}

export async function startStallingProxy(target: string): Promise<StallingProxy> {
  const { hostname, port } = new URL(target);
  const connections = new Set<Connection>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    const connection: Connection = { streaming: false, stalled: false, sockets: [client, upstream] };
    connections.add(connection);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      // An answer's head starts a chunk (the server writes it first and alone).
      if (text.startsWith('HTTP/1.1 ')) {
        const [head] = text.split('\r\n\r\n');
        connection.streaming = /^content-type:\s*text\/event-stream/im.test(head!);
      }
      if (!connection.stalled) client.write(chunk);
    });
    const end = () => {
      connections.delete(connection);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', () => {
      // A stalled connection stays open towards the browser: that is the point.
      if (!connection.stalled) end();
    });
    client.on('error', end);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openStreams: () => [...connections].filter((connection) => connection.streaming).length,
    stallStreams: () => {
      let stalled = 0;
      for (const connection of connections)
        if (connection.streaming && !connection.stalled) {
          connection.stalled = true;
          stalled += 1;
        }
      return stalled;
    },
    close: async () => {
      for (const connection of connections) for (const socket of connection.sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
