import { badRequest } from '../../errors';

// settings.security.allowedOrigins: a bot that names the sites it may be
// embedded on answers only requests from them (the page's origin, or the
// iframe's referrer for embeds that frame the chat).

/** Where a request comes from. */
export interface RequestOrigin {
  origin?: string;
  iframeReferrerOrigin?: string;
}

export function assertOriginAllowed(allowed: string[] | undefined, origin: RequestOrigin): void {
  if (!allowed?.length || !origin.origin) return;
  if (allowed.includes(origin.origin)) return;
  if (origin.iframeReferrerOrigin && allowed.includes(origin.iframeReferrerOrigin)) return;
  throw badRequest('Origin not allowed');
}
