// Reads the configuration from the environment once, at start-up.
import { readNode, type ValueOf } from './group';
import { CONFIG_SCHEMA } from './schema';
import { readSetting, type Env } from './setting';

export type Config = ValueOf<typeof CONFIG_SCHEMA>;

/** The chat surface's port: PARLEY_CHAT_PORT, else the console port + 1 (any free port when that is 0). */
export function chatPortOf(server: Pick<Config['server'], 'port' | 'chatPort'>): number {
  return server.chatPort ?? (server.port === 0 ? 0 : server.port + 1);
}

/** Settings that are wrong together, though each is well formed. */
function checkTogether(config: Config): void {
  const { server } = config;
  if (chatPortOf(server) > 65535)
    throw new Error(
      `PARLEY_CHAT_PORT must be at most 65535 (the console port + 1 by default), got ${chatPortOf(server)}`,
    );
  if (server.publicUrl && server.chatUrl && server.publicUrl === server.chatUrl) {
    throw new Error(
      'PARLEY_CHAT_URL must differ from PARLEY_PUBLIC_URL: bot content on the console origin could act as a signed-in user',
    );
  }
  if (config.smtp && !server.publicUrl) {
    throw new Error(
      "PARLEY_SMTP_HOST is set but PARLEY_PUBLIC_URL is not: e-mailed sign-in and invitation links are built from the console's configured address only, never from a request's Host header. Set PARLEY_PUBLIC_URL to the address users open the console at (e.g. https://parley.example.com)",
    );
  }
  if (config.channels.deliveryLeaseMs <= config.channels.requestTimeoutMs) {
    throw new Error(
      `PARLEY_CHANNEL_DELIVERY_LEASE_MS must be longer than PARLEY_CHANNEL_REQUEST_TIMEOUT_MS (${config.channels.requestTimeoutMs} ms), got ${config.channels.deliveryLeaseMs}: a message whose request is still running would be sent again by another process`,
    );
  }
  if (chatPortOf(server) === server.port && server.port !== 0 && !server.chatUrl) {
    throw new Error(
      'PARLEY_CHAT_PORT equals the console port: set PARLEY_CHAT_URL, whose host name tells chat requests from console ones on the shared port',
    );
  }
}

/**
 * The configuration in `env`; a malformed value is an error naming its
 * variable. Older names are still read, each with a line to `warn`.
 */
export function loadConfig(
  env: Env = process.env,
  warn: (line: string) => void = (line) => console.warn(`parley: ${line}`),
): Config {
  const config = readNode(CONFIG_SCHEMA, env, warn);
  checkTogether(config);
  return config;
}

/** PARLEY_DEBUG alone, readable before (and whatever happens to) the rest of the configuration. */
export function isDebug(env: Env = process.env): boolean {
  try {
    return readSetting(CONFIG_SCHEMA.log.debug, env);
  } catch {
    return false;
  }
}
