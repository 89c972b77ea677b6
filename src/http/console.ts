import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';
import { projectRoot } from '../project-root';

// The builder console (/app): a single-page app built by scripts/build-web.cjs
// into dist/web/console/ (ES modules with content-hashed names), served from
// memory. Every other path under /app answers the same shell; the app routes itself.

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}

const TYPES: Record<string, string> = { '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Every file of the build (hashed names), read and compressed once; the manifest names the entry script and style sheet. */
function loadBuild(): { assets: Map<string, Asset>; script?: string; style?: string } {
  const dir = path.join(projectRoot(), 'dist/web/console');
  const manifestFile = path.join(dir, 'manifest.json');
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
// chat shows the bot's own images and fonts, which may live anywhere on https.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function shell(script: string | undefined, style: string | undefined): string {
  const body = script
    ? `<div id="console"></div><script type="module" src="/app/assets/${script}"></script>`
    : '<p>The console was not built: run <code>npm run build</code>.</p>';
  const head = style ? `<link rel="stylesheet" href="/app/assets/${style}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley</title>${head}</head><body>${body}</body></html>`;
}

export function createConsoleRouter(): Router {
  const build = loadBuild();
  const html = Buffer.from(shell(build.script, build.style));
  const router = new Router();
  router.get('/app/assets/:name', (ctx, next) => {
    const asset = build.assets.get(ctx.params.name!);
    return asset ? send(ctx, asset) : next();
  });
  router.get('/app{/*rest}', (ctx, next) => {
    if (ctx.path.startsWith('/app/assets/')) return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.body = html;
  });
  return router;
}
