import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';

// Parley answers on two origins so that what bot authors control never runs
// with a console user's authority (docs/security.md):
// - the console origin (PORT, PARLEY_PUBLIC_URL): /app, /graphql, the builder API;
// - the chat origin (PARLEY_CHAT_PORT, PARLEY_CHAT_URL): public chat pages, the
//   embed script, the console's preview frame and uploaded files.
// Unconfigured, each origin is the host name the request used, on its own port.

export type Surface = 'console' | 'chat';

export interface Origins {
  /** The console origin for a request that came with this Host header. */
  console(host: string | undefined, surface: Surface): string | undefined;
  /** The chat origin for a request that came with this Host header. */
  chat(host: string | undefined, surface: Surface): string | undefined;
  /** On a listener shared by both surfaces: which one a request is for. */
  surfaceOf(request: IncomingMessage): Surface;
}

/** The ports the listeners got (known once they listen: port 0 takes any free one). */
export interface ListeningPorts {
  console: number;
  chat: number;
}

const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;

/** The host name of a Host header (without its port), or undefined when it is not one. */
function hostName(host: string | undefined): string | undefined {
  return host ? HOST.exec(host)?.[1] : undefined;
}

export function createOrigins(config: Pick<Config['server'], 'publicUrl' | 'chatUrl'>, ports: ListeningPorts): Origins {
  const chatHost = config.chatUrl ? new URL(config.chatUrl).host : undefined;
  const own = (host: string | undefined) => (host && HOST.test(host) ? `http://${host}` : undefined);
  const onPort = (host: string | undefined, port: number) => {
    const name = hostName(host);
    return name ? `http://${name}:${port}` : undefined;
  };
  return {
    console: (host, surface) => config.publicUrl ?? (surface === 'console' ? own(host) : onPort(host, ports.console)),
    chat: (host, surface) => config.chatUrl ?? (surface === 'chat' ? own(host) : onPort(host, ports.chat)),
    surfaceOf: (request) =>
      chatHost !== undefined && request.headers.host?.toLowerCase() === chatHost ? 'chat' : 'console',
  };
}
