import type { Middleware } from 'koa';
import { logUnexpected, toPublicError } from '../../graphql/errors';

/** Last line of defence: any error becomes the documented error object; nothing leaks. */
export const errorBoundary: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    const failure = toPublicError(error);
    if (failure.status === 500) logUnexpected(error);
    ctx.status = failure.status;
    ctx.body = failure.body;
  }
};

/** Unknown paths answer with the error object too. */
export const notFoundFallback: Middleware = async (ctx, next) => {
  await next();
  if (ctx.body === undefined && ctx.status === 404) {
    ctx.status = 404;
    ctx.body = { code: 'NOT_FOUND', message: 'Not found', issues: [] };
  }
};
