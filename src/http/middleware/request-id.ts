import crypto from 'node:crypto';
import type { Middleware } from 'koa';

/** Tags every response with an id (the caller's X-Request-Id when sane) to correlate logs. */
export const requestId: Middleware = async (ctx, next) => {
  const given = ctx.get('x-request-id');
  const id = /^[\w.-]{1,128}$/.test(given) ? given : crypto.randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};
