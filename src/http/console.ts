import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';
import { projectRoot } from '../project-root';

// The builder console (/app): a single-page app built by scripts/build-web.cjs
// into dist/web/console.{js,css}, served from memory with content-addressed
// URLs. Every path under /app answers the same shell; the app routes itself.

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  hash: string;
  type: string;
}

function loadAsset(file: string, type: string, fallback: string): Asset {
  const location = path.join(projectRoot(), 'dist/web', file);
  const body = fs.existsSync(location) ? fs.readFileSync(location) : Buffer.from(fallback);
  return { body, gzipped: zlib.gzipSync(body, { level: 9 }), hash: crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12), type };
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

function shell(script: string, style: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley</title><link rel="stylesheet" href="${style}"></head><body><div id="console"></div><script src="${script}"></script></body></html>`;
}

export function createConsoleRouter(): Router {
  const script = loadAsset('console.js', 'application/javascript; charset=utf-8', 'document.body.textContent="The console was not built: run npm run build."');
  const style = loadAsset('console.css', 'text/css; charset=utf-8', '');
  const scriptPath = `/app/assets/console.${script.hash}.js`;
  const stylePath = `/app/assets/console.${style.hash}.css`;
  const html = Buffer.from(shell(scriptPath, stylePath));
  const router = new Router();
  router.get(scriptPath, (ctx) => send(ctx, script));
  router.get(stylePath, (ctx) => send(ctx, style));
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
