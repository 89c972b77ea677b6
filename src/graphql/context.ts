import { Access } from '../services/access';
import type { ChatDeps, RequestOrigin } from '../services/chat/runtime';
import { unauthorized, type AppError } from '../errors';
import { authenticate, type Viewer } from '../services/tokens';

/** What a request carries that resolvers may use (the same for /graphql and REST). */
export interface RequestInfo extends RequestOrigin {
  authorization?: string;
  /** The server's address as this request reached it (http://<Host>): absolute URLs handed to visitors (uploads). */
  baseUrl?: string;
}

export interface GraphQLContext {
  db: ChatDeps['db'];
  chat: ChatDeps;
  request: RequestInfo;
  viewer: Viewer | null;
  /** Why `viewer` is null when a builder field needs one. */
  authFailure: 'missing' | 'invalid' | null;
  /** The caller's memberships, loaded lazily once per request; null without a viewer. */
  access: Access | null;
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Reads the headers resolvers care about; `x-typebot-...` is what existing web embeds send. */
export function requestInfo(header: (name: string) => string | null | undefined): RequestInfo {
  const value = (name: string) => header(name) || undefined;
  return {
    authorization: value('authorization'),
    origin: value('origin'),
    iframeReferrerOrigin: value('x-parley-iframe-referrer-origin') ?? value('x-typebot-iframe-referrer-origin'),
    // PARLEY_PUBLIC_URL wins over this where it matters (behind a proxy or TLS terminator).
    baseUrl: value('host') && /^[A-Za-z0-9.:[\]-]+$/.test(value('host')!) ? `http://${value('host')}` : undefined,
  };
}

/** Builds the per-request context: the bearer token (when any) resolved to its user. */
export async function createContext(chat: ChatDeps, request: RequestInfo): Promise<GraphQLContext> {
  const db = chat.db;
  const base = { db, chat, request };
  const secret = request.authorization ? BEARER.exec(request.authorization)?.[1] : undefined;
  if (!secret) return { ...base, viewer: null, authFailure: 'missing', access: null };
  const viewer = await authenticate(db, secret);
  if (!viewer) return { ...base, viewer: null, authFailure: 'invalid', access: null };
  return { ...base, viewer, authFailure: null, access: new Access(db, viewer.userId) };
}

/** The 401 for a request that needs a viewer and has none (no header, or an unknown/revoked token). */
export function noViewerError(ctx: GraphQLContext): AppError {
  return unauthorized(ctx.authFailure === 'invalid' ? 'Invalid or revoked token' : undefined);
}
