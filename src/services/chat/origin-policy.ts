import { badRequest } from '../../errors';
import { originOf } from '../../engine/shapes/origins';

// settings.security.allowedOrigins: a bot that names the sites it may be
// embedded on answers only requests from them (the page's origin, or the
// iframe's referrer for embeds that frame the chat). Parley's own pages are
// never refused: the bot's share page (the chat origin) and the console's
// preview (the console origin) would otherwise stop working the moment a
// builder lists the site they embed the bot on.

/** Where a request comes from, and which origins are this server's own. */
export interface RequestOrigin {
  origin?: string;
  iframeReferrerOrigin?: string;
  /** The Host header the request came with: a page of that host is one this server served. */
  host?: string;
  /** The console origin (PARLEY_PUBLIC_URL, else the request's host on the console port). */
  consoleBaseUrl?: string;
  /** The chat origin (PARLEY_CHAT_URL, else the request's host on the chat port). */
  chatBaseUrl?: string;
}

/** The API keeps the reference's words; the web client shows visitors its own (src/web/messages.ts). */
export const ORIGIN_NOT_ALLOWED = 'Origin not allowed';

function isOwn(origin: string, request: RequestOrigin): boolean {
  if (origin === originOf(request.chatBaseUrl ?? '') || origin === originOf(request.consoleBaseUrl ?? '')) return true;
  // Behind a TLS proxy without PARLEY_CHAT_URL the configured origins say http while the page is https:
  // a page whose host is the one this request was sent to is still this server's.
  return request.host !== undefined && new URL(origin).host === request.host.toLowerCase();
}

export function assertOriginAllowed(allowed: string[] | undefined, request: RequestOrigin): void {
  if (!allowed?.length || !request.origin) return;
  const listed = new Set(allowed.map(originOf));
  const origin = originOf(request.origin);
  const referrer = request.iframeReferrerOrigin ? originOf(request.iframeReferrerOrigin) : undefined;
  if (referrer && listed.has(referrer)) return;
  if (origin && listed.has(origin)) return;
  // Our page framed by a site that says which it is (Typebot's embeds do): that site must be listed.
  if (origin && isOwn(origin, request) && !(referrer && !isOwn(referrer, request))) return;
  throw badRequest(ORIGIN_NOT_ALLOWED);
}

/**
 * Whether a web chat runs on Parley's own chat page or inside another site
 * (the inbox says which): a page of this server framed by no other site is
 * ours; a request without an origin (a server's own client) counts as ours.
 */
export function surfaceOf(request: RequestOrigin): 'web' | 'embed' {
  const origin = request.origin ? originOf(request.origin) : undefined;
  if (!origin) return 'web';
  const referrer = request.iframeReferrerOrigin ? originOf(request.iframeReferrerOrigin) : undefined;
  if (referrer && !isOwn(referrer, request)) return 'embed';
  return isOwn(origin, request) ? 'web' : 'embed';
}
