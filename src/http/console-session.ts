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

export function sessionSecretOf(ctx: Context, publicUrl: string | undefined): string | undefined {
  return (
    (isSecure(ctx, publicUrl) ? ctx.cookies.get(SECURE_SESSION_COOKIE) : undefined) ??
    ctx.cookies.get(SESSION_COOKIE) ??
    undefined
  );
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
    overwrite: true,
    expires: session.expiresAt,
  });
  clearLegacyCookie(ctx);
  return { csrfToken: csrfTokenOf(session.secret) };
}

export function clearSessionCookies(ctx: Context, publicUrl: string | undefined): void {
  const secure = isSecure(ctx, publicUrl);
  ctx.cookies.secure = secure;
  const gone = { path: '/', sameSite: 'lax' as const, httpOnly: true, overwrite: true, expires: new Date(0) };
  ctx.cookies.set(SESSION_COOKIE, '', { ...gone, secure: false });
  if (secure) ctx.cookies.set(SECURE_SESSION_COOKIE, '', { ...gone, secure: true });
  clearLegacyCookie(ctx);
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
