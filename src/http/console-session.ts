import crypto from 'node:crypto';
import type { Context } from 'koa';
import { sameSecret } from '../same-secret';

// The console's session as HTTP carries it. The secret lives in an httpOnly
// cookie; the CSRF token that must come with it is derived from the secret and
// handed to the console only in answers other origins cannot read (the /app
// page and the sign-in mutation's answer): never a cookie, because cookies are
// shared by every port of a host, and so with the chat origin's pages.

export const SESSION_COOKIE = 'parley_session';
/** Over https the cookie takes the __Host- prefix: no Domain, path /, Secure, so no sibling host can set or see it. */
export const SECURE_SESSION_COOKIE = '__Host-parley_session';
export const CSRF_HEADER = 'x-parley-csrf';
/** Where an earlier release kept the CSRF token, readable by any page of the host: cleared wherever seen. */
export const LEGACY_CSRF_COOKIE = 'parley_csrf';

/** The CSRF token of a session secret (HMAC: it reveals nothing of the secret). */
export function csrfTokenOf(secret: string): string {
  return crypto.createHmac('sha256', secret).update('parley console csrf').digest('base64url');
}

/** Whether requests are on https: the connection says so, or the configured console URL does (a TLS-terminating proxy). */
export function isSecure(ctx: Context, publicUrl: string | undefined): boolean {
  return ctx.secure || Boolean(publicUrl?.startsWith('https:'));
}

/**
 * The session cookie a request carries: none, one, or several of the same
 * name. Several means some other page of this host planted one (cookies ignore
 * ports, and a longer Path is sent first): the request is refused rather than
 * guessing which is the console's.
 */
export type SessionCookie = { kind: 'one'; secret: string } | { kind: 'several' } | undefined;

/**
 * The name the session cookie has on this request. Over https only the
 * __Host- cookie counts, never the plain name as well: a sibling host can set
 * the plain name for this one, while a __Host- cookie comes from this host
 * only, with Path=/ and no Domain, so one cannot shadow another.
 */
function sessionCookieName(ctx: Context, publicUrl: string | undefined): string {
  return isSecure(ctx, publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function sessionCookieOf(ctx: Context, publicUrl: string | undefined): SessionCookie {
  const name = sessionCookieName(ctx, publicUrl);
  const values = cookieValuesNamed(ctx.get('cookie'), name);
  if (values.length > 1) return { kind: 'several' };
  return values[0] ? { kind: 'one', secret: values[0] } : undefined;
}

/** Every value the raw Cookie header gives this exact name (a browser sends one pair per matching cookie, longest Path first). */
function cookieValuesNamed(header: string, name: string): string[] {
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    values.push(pair.slice(equals + 1).trim());
  }
  return values;
}

/**
 * Whether a request may use the session cookie it carries: it comes from the
 * console's own origin (browsers say so in Sec-Fetch-Site, and in Origin for
 * every cross-origin request) and bears the session's CSRF token.
 */
export function mayUseSession(ctx: Context, secret: string, consoleOrigin: string | undefined): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = ctx.get('origin');
  if (origin && !isConsoleOrigin(origin, consoleOrigin)) return false;
  const token = ctx.get(CSRF_HEADER);
  return sameSecret(token, csrfTokenOf(secret));
}

/** The console origin as configured or derived (http://<Host>); behind TLS the page's origin is https://<Host>. */
function isConsoleOrigin(origin: string, consoleOrigin: string | undefined): boolean {
  if (!consoleOrigin) return false;
  if (origin === consoleOrigin) return true;
  return consoleOrigin.startsWith('http://') && origin === `https://${consoleOrigin.slice('http://'.length)}`;
}

export function setSessionCookie(
  ctx: Context,
  publicUrl: string | undefined,
  session: { secret: string; expiresAt: Date },
): { csrfToken: string } {
  const secure = isSecure(ctx, publicUrl);
  // koa's cookies refuse Secure on a plain connection: behind a TLS terminator, the public URL says it is one.
  ctx.cookies.secure = secure;
  ctx.cookies.set(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.secret, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: true,
    // After the lines expiring planted cookies (clearEverySessionCookie), which overwriting would drop.
    overwrite: false,
    expires: session.expiresAt,
  });
  clearLegacyCookie(ctx);
  return { csrfToken: csrfTokenOf(session.secret) };
}

/**
 * Set-Cookie lines expiring the session cookie. Never `overwrite`: that would
 * drop the lines expiring planted cookies of the same name, which must reach
 * the browser before the new session's cookie.
 */
const EXPIRED = { sameSite: 'lax', httpOnly: true, overwrite: false, expires: new Date(0) } as const;

export function clearSessionCookies(ctx: Context, publicUrl: string | undefined): void {
  const secure = isSecure(ctx, publicUrl);
  ctx.cookies.secure = secure;
  const gone = { ...EXPIRED, path: '/' };
  ctx.cookies.set(SESSION_COOKIE, '', { ...gone, secure: false });
  if (secure) ctx.cookies.set(SECURE_SESSION_COOKIE, '', { ...gone, secure: true });
  clearLegacyCookie(ctx);
}

/**
 * Expires every session cookie this request could have been sent: one per
 * Path that matches the request's (each leading part of it, with and without
 * its slash) and per Domain that matches its host, since the server cannot
 * tell which the planted one had; and those the console's other requests would
 * be sent (/app's page and /graphql), or /app, having expired the console's
 * own cookie, would leave /graphql a planted one alone. Over https the __Host-
 * cookie has one Path and no Domain, and the plain name is never read.
 */
export function clearEverySessionCookie(ctx: Context, publicUrl: string | undefined): void {
  const secure = isSecure(ctx, publicUrl);
  ctx.cookies.secure = secure;
  if (secure) {
    ctx.cookies.set(SECURE_SESSION_COOKIE, '', { ...EXPIRED, path: '/', secure: true });
    return;
  }
  const paths = new Set([...matchingPaths(ctx.path), ...matchingPaths('/app'), ...matchingPaths('/graphql')]);
  for (const path of paths) {
    for (const domain of [undefined, ...matchingDomains(ctx.hostname)])
      ctx.cookies.set(SESSION_COOKIE, '', { ...EXPIRED, path, domain, secure: false });
  }
}

/** A planted cookie's Path is a leading part of the request's path; deeper paths than this are not worth a header each. */
const MAX_PATH_SEGMENTS = 8;

/** "/app/w/1" → "/", "/app", "/app/", "/app/w", "/app/w/", "/app/w/1": every cookie Path the browser matched it with. */
function matchingPaths(requestPath: string): string[] {
  const segments = requestPath.split('/').filter(Boolean).slice(0, MAX_PATH_SEGMENTS);
  const paths = ['/'];
  let path = '';
  for (const segment of segments) {
    path += `/${segment}`;
    paths.push(path, `${path}/`);
  }
  return paths;
}

/** The host and its parent domains (never a bare top-level one): the Domain attributes a cookie sent to it may have. */
function matchingDomains(hostname: string): string[] {
  if (!hostname || /^[\d.]+$|:/.test(hostname)) return [];
  const labels = hostname.split('.');
  if (labels.length === 1) return [hostname];
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

export function clearLegacyCookie(ctx: Context): void {
  if (ctx.cookies.get(LEGACY_CSRF_COOKIE) === undefined) return;
  ctx.cookies.set(LEGACY_CSRF_COOKIE, '', {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    overwrite: true,
    expires: new Date(0),
  });
}
