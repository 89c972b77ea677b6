import type { Middleware } from 'koa';

/** A path template (/v1/sessions/{sessionId}/continueChat) as a regular expression. */
export function pathPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * CORS for the public chat routes: web embeds call them from any site. The
 * bot's allowed origins are enforced by the runtime itself (400 "Origin not
 * allowed"), before anything runs.
 */
export function publicCors(templates: string[], methods = 'POST, OPTIONS'): Middleware {
  const patterns = templates.map(pathPattern);
  return async (ctx, next) => {
    if (!patterns.some((pattern) => pattern.test(ctx.path))) return next();
    const origin = ctx.get('origin');
    ctx.set('Access-Control-Allow-Origin', origin || '*');
    ctx.vary('Origin');
    if (ctx.method !== 'OPTIONS') return next();
    ctx.set('Access-Control-Allow-Methods', methods);
    ctx.set('Access-Control-Allow-Headers', ctx.get('access-control-request-headers') || 'content-type, authorization');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
    // On through the rate limit, which may refuse it (with these headers, so the page can read why); no route serves OPTIONS.
    return next();
  };
}
