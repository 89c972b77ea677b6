import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { AppError } from '../errors';
import { FAVICON_LINK, serveFavicon } from './favicon';
import { headCodeFrame } from './head-code-frame';
import { escapeHtml } from './html-escape';
import { projectRoot } from '../project-root';

/** What the chat page shows in its <head>; fetched through the PublicChatPage GraphQL operation. */
export interface ChatPageData {
  publicId: string;
  name: string;
  metadata: unknown;
  allowsCustomHeadCode: boolean;
}

export interface PagesOptions {
  /** Runs the PublicChatPage operation in-process; null when there is no public page. */
  loadChatPage(publicId: string): Promise<ChatPageData | null>;
  graphiql: boolean;
  /** The console origin for a request with this Host: the only page that may frame the preview. */
  consoleOrigin(host: string): string | undefined;
  /** A path the server answers with other methods: never a bot's page, it keeps its 405. */
  isServerPath(path: string): boolean;
}

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** The client bundle built by scripts/build-web.cjs, read and compressed once. */
function loadBundle(): Asset {
  const file = path.join(projectRoot(), 'dist/web/parley.js');
  const body = fs.existsSync(file)
    ? fs.readFileSync(file)
    : Buffer.from('console.error("Parley: the web client was not built (npm run build)");');
  return {
    body,
    gzipped: zlib.gzipSync(body, { level: 9 }),
    etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
  };
}

/** JSON inside <script>: no "</script>" or HTML comment can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function sendAsset(ctx: Context, asset: Asset, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', asset.etag);
  ctx.vary('Accept-Encoding');
  ctx.type = 'application/javascript; charset=utf-8';
  if (ctx.get('if-none-match') === asset.etag) {
    ctx.status = 304;
    return;
  }
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzipped;
  } else ctx.body = asset.body;
}

function sendHtml(ctx: Context, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  const raw = Buffer.from(html);
  ctx.vary('Accept-Encoding');
  if (raw.length > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = zlib.gzipSync(raw);
  } else ctx.body = raw;
}

function layout(head: string, body: string): string {
  // The bot's own icon (metadata.favIconUrl) comes later in head and wins.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${FAVICON_LINK}${head}<style>html,body{margin:0;height:100%;font-family:system-ui,sans-serif}main{max-width:640px;margin:10vh auto;padding:0 16px}main.chat{max-width:none;margin:0;padding:0;height:100%}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}</style></head><body>${body}</body></html>`;
}

function notFoundPage(): string {
  return layout(
    '<title>Not found</title>',
    "<main><h1>404</h1><p>The bot you're looking for doesn't exist.</p></main>",
  );
}

function chatPage(page: ChatPageData, scriptUrl: string): string {
  const metadata = (page.metadata && typeof page.metadata === 'object' ? page.metadata : {}) as Record<string, unknown>;
  const title = typeof metadata.title === 'string' && metadata.title ? metadata.title : page.name;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    typeof metadata.description === 'string'
      ? `<meta name="description" content="${escapeHtml(metadata.description)}"><meta property="og:description" content="${escapeHtml(metadata.description)}">`
      : '',
    typeof metadata.imageUrl === 'string'
      ? `<meta property="og:image" content="${escapeHtml(metadata.imageUrl)}">`
      : '',
    typeof metadata.favIconUrl === 'string' ? `<link rel="icon" href="${escapeHtml(metadata.favIconUrl)}">` : '',
  ].join('');
  // Bot authors' own head code (analytics...), only off the FREE plan as the reference, in a
  // sandboxed frame rather than the page's head (src/http/head-code-frame.ts).
  const headCode =
    page.allowsCustomHeadCode && typeof metadata.customHeadCode === 'string' && metadata.customHeadCode.trim() !== ''
      ? headCodeFrame(metadata.customHeadCode)
      : '';
  // A landmark and a heading for screen readers; the chat fills the page.
  const body = `<main class="chat"><h1 class="visually-hidden">${escapeHtml(title)}</h1><parley-standard style="display:block;height:100%"></parley-standard></main><script>window.__PARLEY_PAGE__=${scriptJson({ bot: page.publicId })}</script><script src="${scriptUrl}" defer></script>${headCode}`;
  return layout(head, body);
}

/**
 * The console's preview frame: the chat client, started by the console (which
 * holds the builder's authority and sends the preview's first answer by
 * postMessage). Bot content previewed here runs on the chat origin, never the console's.
 */
function previewFramePage(consoleOrigin: string, scriptUrl: string): string {
  return layout(
    '<title>Preview</title>',
    `<main class="chat"><h1 class="visually-hidden">Preview</h1><parley-standard style="display:block;height:100%"></parley-standard></main><script>window.__PARLEY_PREVIEW__=${scriptJson({ consoleOrigin })}</script><script src="${scriptUrl}" defer></script>`,
  );
}

function landingPage(graphiql: boolean, consoleOrigin = ''): string {
  return layout(
    '<title>Parley</title>',
    `<main><h1>Parley</h1><p>This server runs Parley, an open, self-hostable conversational bot builder backend and chat runtime (Typebot-compatible).</p><p><a href="${escapeHtml(consoleOrigin)}/app">Open the builder console</a> to build bots. Chat with a published bot at <code>/&lt;publicId&gt;</code>, or embed one with <code>/embed.js</code>.</p><ul>${graphiql ? `<li><a href="${escapeHtml(consoleOrigin)}/graphql">GraphiQL</a></li>` : ''}<li><a href="${escapeHtml(consoleOrigin)}/v1/openapi.json">OpenAPI document</a></li><li><a href="/health">Health</a></li></ul></main>`,
  );
}

const PUBLIC_ID = /^[A-Za-z0-9][\w.-]{0,127}$/;

// A share link is a page unless the client prefers JSON: browsers, curl and assistants' fetch tools (which send
// "Accept: */*") and clients without an Accept header take HTML when both rank equal.
function wantsPage(ctx: Context): boolean {
  return ctx.accepts('html', 'json') === 'html';
}

/** Not a public id (those start with a letter or digit): no bot can take this path. */
export const PREVIEW_FRAME_PATH = '/_parley/preview';

export interface ChatRedirectsOptions {
  graphiql: boolean;
  /** A path the server answers with other methods (POST /mcp): never a bot's page, it keeps its 405. */
  isServerPath(path: string): boolean;
  /** The chat origin for a request with this Host. */
  chatOrigin(host: string): string | undefined;
}

/**
 * The console origin serves no bot content: links to bot pages, the embed
 * script and files made before the split (or typed by hand) move to the chat origin.
 */
export function createChatRedirects(options: ChatRedirectsOptions): Router {
  const router = new Router();
  const toChat: Middleware = (ctx, next) => {
    const chatOrigin = options.chatOrigin(ctx.host);
    if (!chatOrigin) return next();
    ctx.status = 302;
    ctx.redirect(`${chatOrigin}${ctx.path}${ctx.search}`);
  };
  router.get('/', (ctx) => sendHtml(ctx, 200, landingPage(options.graphiql)));
  router.get('/favicon.ico', serveFavicon);
  router.get('/embed.js', toChat);
  router.get('/static/:name', toChat);
  router.get('/v1/files/{*key}', toChat);
  router.get('/:publicId', (ctx, next) => {
    // API clients asking for JSON keep the JSON 404; anyone else goes to the bot's page.
    if (!wantsPage(ctx) || !PUBLIC_ID.test(ctx.params.publicId!) || options.isServerPath(ctx.path)) return next();
    return toChat(ctx, next);
  });
  return router;
}

/** The landing page, the public chat pages and the client's script. */
export function createPagesRouter(options: PagesOptions): Router {
  const bundle = loadBundle();
  const hashedPath = `/static/parley.${bundle.etag.slice(1, 11)}.js`;
  const router = new Router();
  router.get('/', (ctx) => sendHtml(ctx, 200, landingPage(options.graphiql, options.consoleOrigin(ctx.host))));
  router.get('/favicon.ico', serveFavicon);
  // The embed script's URL is stable (sites link it), so it is cached briefly; the page's copy is content-addressed.
  router.get('/embed.js', (ctx) => sendAsset(ctx, bundle, 'public, max-age=300'));
  router.get(hashedPath, (ctx) => sendAsset(ctx, bundle, 'public, max-age=31536000, immutable'));
  router.get(PREVIEW_FRAME_PATH, (ctx) => {
    const consoleOrigin = options.consoleOrigin(ctx.host);
    if (!consoleOrigin) throw new AppError('NOT_FOUND', 'Not found');
    ctx.set('Content-Security-Policy', `frame-ancestors ${consoleOrigin}`);
    sendHtml(ctx, 200, previewFramePage(consoleOrigin, hashedPath));
  });
  router.get('/:publicId', async (ctx, next) => {
    // API clients asking for JSON keep the JSON 404; anyone else gets pages.
    if (!wantsPage(ctx) || options.isServerPath(ctx.path)) return next();
    const publicId = ctx.params.publicId!;
    const page = PUBLIC_ID.test(publicId) ? await options.loadChatPage(publicId) : null;
    if (!page) return sendHtml(ctx, 404, notFoundPage());
    sendHtml(ctx, 200, chatPage(page, hashedPath));
  });
  return router;
}
