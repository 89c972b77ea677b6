import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';
import { projectRoot } from '../project-root';
import { clearEverySessionCookie, clearLegacyCookie, csrfTokenOf, sessionCookieOf } from './console-session';
import { FAVICON_LINK } from './favicon';

// The builder console (/app): a single-page app built by scripts/build-web.cjs
// into dist/web/console/ (ES modules with content-hashed names), served from
// memory. Every other path under /app answers the same shell; the app routes itself.

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Build {
  assets: Map<string, Asset>;
  script?: string;
  style?: string;
}

/** Every file of the build (hashed names), read and compressed once; the manifest names the entry script and style sheet. */
function loadBuild(dir: string, manifestFile: string): Build {
  if (!fs.existsSync(manifestFile)) return { assets: new Map() };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { script?: unknown; style?: unknown };
  const assets = new Map<string, Asset>();
  for (const name of fs.readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const body = fs.readFileSync(path.join(dir, name));
    assets.set(name, { body, gzipped: zlib.gzipSync(body, { level: 9 }), type });
  }
  return {
    assets,
    script: typeof manifest.script === 'string' ? manifest.script : undefined,
    style: typeof manifest.style === 'string' ? manifest.style : undefined,
  };
}

let loaded: { stamp: string; build: Build } | undefined;

/**
 * The build, compressed again only when it changed on disk (its manifest is
 * written last): a process that starts several servers (the tests start some
 * 300) compresses it once, not about 25 ms of CPU each time.
 */
function currentBuild(): Build {
  const dir = path.join(projectRoot(), 'dist/web/console');
  const manifestFile = path.join(dir, 'manifest.json');
  const stat = fs.statSync(manifestFile, { throwIfNoEntry: false });
  const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
  if (loaded?.stamp !== stamp) loaded = { stamp, build: loadBuild(dir, manifestFile) };
  return loaded.build;
}

function send(ctx: Context, asset: Asset): void {
  ctx.type = asset.type;
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.vary('Accept-Encoding');
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzipped;
  } else ctx.body = asset.body;
}

// Scripts only from this server; inline styles are needed by the flow view's layout. The preview
// chat runs in a frame of the chat origin (bot content never runs on this one). Images come from
// this server, inline, or the chat origin (images uploaded to Parley): never from an address a
// bot author chose (avatars, background images, image bubbles, url() in custom CSS), which would
// tell them who opens the console and from where; the console shows placeholders for those
// (src/web/console/parley-image.ts). Audio and video files transcripts play may live anywhere on
// https; frames stay the chat origin's only.
function contentSecurityPolicy(chatOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${chatOrigin ? ` ${chatOrigin}` : ''}`,
    "media-src 'self' https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${chatOrigin ?? "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page. A signed-in browser's page carries the session's CSRF token and
 * the chat origin (for the preview frame and share links): only this origin's
 * scripts can read them, never a page of the chat origin.
 */
function shell(build: { script?: string; style?: string }, meta: { csrfToken?: string; chatOrigin?: string }): string {
  const body = build.script
    ? `<div id="console"></div><script type="module" src="/app/assets/${build.script}"></script>`
    : '<p>The console was not built: run <code>npm run build</code>.</p>';
  const head = [
    FAVICON_LINK,
    build.style ? `<link rel="stylesheet" href="/app/assets/${build.style}">` : '',
    meta.csrfToken ? `<meta name="parley-csrf" content="${escapeAttribute(meta.csrfToken)}">` : '',
    meta.chatOrigin ? `<meta name="parley-chat-origin" content="${escapeAttribute(meta.chatOrigin)}">` : '',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley</title>${head}</head><body>${body}</body></html>`;
}

export interface ConsoleRouterOptions {
  /** PARLEY_PUBLIC_URL (the session cookie's name over https). */
  publicUrl?: string;
  /** The chat origin for a request with this Host. */
  chatOrigin(host: string): string | undefined;
}

export function createConsoleRouter(options: ConsoleRouterOptions): Router {
  const build = currentBuild();
  const router = new Router();
  router.get('/app/assets/:name', (ctx, next) => {
    const asset = build.assets.get(ctx.params.name!);
    return asset ? send(ctx, asset) : next();
  });
  router.get('/app{/*rest}', (ctx, next) => {
    if (ctx.path.startsWith('/app/assets/')) return next();
    const cookie = sessionCookieOf(ctx, options.publicUrl);
    const chatOrigin = options.chatOrigin(ctx.host);
    clearLegacyCookie(ctx);
    // Several session cookies: one was planted by another page of the host. The page gets no token
    // for either, and they go: the console opens on its sign-in page.
    if (cookie?.kind === 'several') clearEverySessionCookie(ctx, options.publicUrl);
    ctx.type = 'text/html; charset=utf-8';
    // The page of a signed-in browser holds its CSRF token: no cache keeps it.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', contentSecurityPolicy(chatOrigin));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    // A page of another origin that opens the console gets no handle on its window.
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.body = shell(build, { csrfToken: cookie?.kind === 'one' ? csrfTokenOf(cookie.secret) : undefined, chatOrigin });
  });
  return router;
}
