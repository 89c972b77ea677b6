import type Router from '@koa/router';

/**
 * What a request is counted and logged under: the route template that
 * answered (`/v1/sessions/:sessionId/continueChat`), never the path itself.
 * Paths carry visitors' session ids and upload tokens, and every distinct
 * label is a new metric series held until the process ends.
 */
export type RouteLabel = (ctx: { _matchedRoute?: unknown; path: string }) => string;

/** The label of a request no route matched, whatever its status. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Labels by the route that answered, else by the route whose path it names
 * although none answered it: a CORS preflight, a 405, a rate-limit refusal.
 */
export function routeLabels(routers: Router[]): RouteLabel {
  const templateOf = (path: string): string | undefined => {
    for (const router of routers) {
      // `path` lists the layers whose path matches whatever the method; router.use() layers serve no method.
      const layer = router.match(path, 'GET').path.find((candidate) => candidate.methods.length > 0);
      if (layer) return String(layer.path);
    }
    return undefined;
  };
  return (ctx) => {
    if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
    return templateOf(ctx.path) ?? UNMATCHED_ROUTE;
  };
}
