import { Access } from '../services/access';
import { DEFAULT_DRAFT_CHANGES_PAGE, type DraftChangesPage } from '../services/bot-changes';
import type { ChannelConnectDeps } from '../services/channels/connection';
import type { ChatDeps } from '../services/chat/deps';
import type { LiveStreamSlots } from '../services/live/stream-slots';
import type { RequestOrigin } from '../services/chat/origin-policy';
import type { DraftBounds } from '../services/draft-bounds';
import type { SignInSettings } from '../services/sign-in/settings';
import type { UploadDeps } from '../services/uploads';
import { AppError, unauthorized } from '../errors';
import { authenticateSession, type SessionFailure } from '../services/sign-in/sessions';
import { authenticate, type Viewer } from '../services/tokens';

/** What a request carries that resolvers may use (the same for /graphql and REST). */
export interface RequestInfo extends RequestOrigin {
  authorization?: string;
  /** The Host header this request came with (when it is a host name, with or without a port). */
  host?: string;
  /** The console origin for this request (PARLEY_PUBLIC_URL, else its host on the console port): sign-in links. */
  consoleBaseUrl?: string;
  /** The chat origin for this request (PARLEY_CHAT_URL, else its host on the chat port): share links, upload and file URLs. */
  chatBaseUrl?: string;
  /**
   * The console's session cookie, read by /graphql only (REST clients use bearer tokens).
   * `refused` when the request could come from another origin: it came from one, or without the CSRF token.
   * `several` when it came with more than one (another page of the host planted one): none is used.
   */
  session?: { kind: 'one'; secret: string; refused: boolean } | { kind: 'several' };
  /** Spends a point of the client's anonymous preview budget (throws when it is used up); absent without rate limits. */
  spendAnonymousPreview?: () => Promise<void>;
  /** Spends a point of the user's checkpoint-and-restore budget (throws when it is used up); absent without rate limits. */
  spendRevision?: (userId: string) => Promise<void>;
  /** Who the credentials above are, when the HTTP layer already asked (it decides body limits and budgets by it). */
  authentication?: Authentication;
  /** The client's address as the rate limits count it (PARLEY_TRUSTED_PROXIES); absent in-process. */
  clientAddress?: string;
  /**
   * Makes this refusal the HTTP answer (its status and the error object), whatever the operation then returns:
   * /graphql's way of answering a live stream refused before it opens as REST does. Absent elsewhere.
   */
  answerRefusal?(error: AppError): void;
}

/** The outcome of a request's credentials: its viewer, or why it has none. */
export interface Authentication {
  viewer: Viewer | null;
  failure: GraphQLContext['authFailure'];
}

/** The HTTP exchange around a /graphql request, for the sign-in mutations; null where there is none (REST, in-process). */
export interface HttpExchange {
  /** Sets the session cookie; answers the CSRF token the console sends back with each request (never a cookie). */
  setSessionCookies(session: { secret: string; expiresAt: Date }): { csrfToken: string };
  clearSessionCookies(): void;
  /** Counts a failed sign-in against the client's sign-in allowance (the rate limit's sign-in budget). */
  reportAuthFailure(): void;
  /** Throws (429, Retry-After) while the client's failed sign-ins have used up their budget; nothing without rate limits. */
  assertMayTrySignIn(): Promise<void>;
}

/** What the server builds once and every request's context carries: each service's dependencies. */
export interface ServerDeps {
  /** The chat runtime (database, sandbox, effects, bounds). */
  chat: ChatDeps;
  /** File uploads of file inputs and bot assets (storage, limits, the key sealing upload URLs). */
  uploads: UploadDeps;
  /** Console sign-in (sessions, e-mailed links). */
  signIn: SignInSettings;
  /** How often an open live results stream re-checks that its caller may still read the bot (ms). */
  liveRecheckMs: number;
  /** The live streams open in this process, within their caps and lifetime. */
  liveStreams: LiveStreamSlots;
  /** PARLEY_DRAFT_CHECKPOINT_QUIET_MINUTES, in ms (services/draft-checkpoints.ts's default when absent). */
  draftCheckpointQuietMs?: number;
  /** What a bot's draft may hold (services/draft-bounds.ts's defaults when absent). */
  draftBounds?: DraftBounds;
  /**
   * PARLEY_DRAFT_CHANGES_PER_READ and PARLEY_DRAFT_CHANGES_READ_MB (one read of a change log), and
   * PARLEY_WORKSPACE_DRAFT_STORAGE_MB (bytes); the services' defaults when absent.
   */
  draftStorage?: { changesPage: DraftChangesPage; workspaceBytes: number };
  /**
   * The messaging channels: the webhooks wake their processor once they have stored events;
   * `connect` registers a Telegram webhook through the server's provider client.
   */
  channels?: { onReceived(): void; connect?: ChannelConnectDeps };
}

export interface GraphQLContext extends ServerDeps {
  db: ChatDeps['db'];
  request: RequestInfo;
  viewer: Viewer | null;
  /** Why `viewer` is null when a builder field needs one: no credentials, an unknown token, or a session cookie's {@link SessionFailure}. */
  authFailure: 'missing' | 'invalid' | SessionFailure | null;
  /** The caller's memberships, loaded lazily once per request; null without a viewer. */
  access: Access | null;
  http: HttpExchange | null;
  /** Bytes of change-log patches this request may still read, all its `draftChanges` fields together. */
  draftChangesBudget: { bytes: number };
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Reads the headers resolvers care about; `x-typebot-...` is what existing web embeds send. */
export function requestInfo(header: (name: string) => string | null | undefined): RequestInfo {
  const value = (name: string) => header(name) || undefined;
  return {
    authorization: value('authorization'),
    origin: value('origin'),
    iframeReferrerOrigin: value('x-parley-iframe-referrer-origin') ?? value('x-typebot-iframe-referrer-origin'),
    host: value('host') && /^[A-Za-z0-9.:[\]-]+$/.test(value('host')!) ? value('host') : undefined,
  };
}

/** The bearer token, else the console session cookie, resolved to its user; anonymous unless one of them is valid and honoured. */
export async function authenticateRequest(db: ChatDeps['db'], request: RequestInfo): Promise<Authentication> {
  const secret = request.authorization ? BEARER.exec(request.authorization)?.[1] : undefined;
  if (secret) {
    const viewer = await authenticate(db, secret);
    return viewer ? { viewer, failure: null } : { viewer: null, failure: 'invalid' };
  }
  if (request.session?.kind === 'several') return { viewer: null, failure: 'severalCookies' };
  if (request.session) {
    const outcome = await authenticateSession(db, request.session.secret);
    if (typeof outcome === 'string') return { viewer: null, failure: outcome };
    if (request.session.refused) return { viewer: null, failure: 'csrf' };
    return { viewer: outcome, failure: null };
  }
  return { viewer: null, failure: 'missing' };
}

/** Builds the per-request context around the request's authentication (resolved here unless the HTTP layer did). */
export async function createContext(
  deps: ServerDeps,
  request: RequestInfo,
  http: HttpExchange | null = null,
): Promise<GraphQLContext> {
  const { chat, uploads, signIn, liveRecheckMs, liveStreams, draftCheckpointQuietMs, draftBounds, draftStorage } = deps;
  const db = chat.db;
  const draftChangesBudget = { bytes: (draftStorage?.changesPage ?? DEFAULT_DRAFT_CHANGES_PAGE).bytes };
  const base = {
    ...{ db, chat, uploads, signIn, liveRecheckMs, liveStreams, draftCheckpointQuietMs, draftBounds, draftStorage },
    ...{ channels: deps.channels, request, http },
    draftChangesBudget,
  };
  const { viewer, failure } = request.authentication ?? (await authenticateRequest(db, request));
  if (!viewer) return { ...base, viewer: null, authFailure: failure ?? 'missing', access: null };
  return { ...base, viewer, authFailure: null, access: new Access(db, viewer.userId) };
}

const NO_VIEWER_MESSAGES: Record<Exclude<GraphQLContext['authFailure'], null | 'csrf'>, string | undefined> = {
  missing: undefined,
  invalid: 'Invalid or revoked token',
  signedOut: 'Signed out: sign in again',
  expired: 'Session expired: sign in again',
  severalCookies:
    'Several Parley session cookies were sent (a page of another port of this host may have set one): they are cleared, sign in again',
};

/** The 401 (403 for a cookie sent without its CSRF header) for a request that needs a viewer and has none. */
export function noViewerError(ctx: Pick<GraphQLContext, 'authFailure'>): AppError {
  if (ctx.authFailure === 'csrf') {
    return new AppError(
      'FORBIDDEN',
      'Cross-origin request refused: a console session is honoured only from the console, with its X-Parley-CSRF header. API clients (GraphiQL too: its Headers tab) send Authorization: Bearer <token> instead',
    );
  }
  return unauthorized(NO_VIEWER_MESSAGES[ctx.authFailure ?? 'missing']);
}
