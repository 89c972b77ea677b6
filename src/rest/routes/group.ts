import type { RestRoute } from '../route';

/** What a builder route can answer besides success: most document every one of these. */
export const BUILDER_ERRORS = [400, 401, 403, 404, 500];
/** The chat runtime answers only 200, 400 and 500. */
export const CHAT_ERRORS = [400, 500];

/** What every route of a group shares; a row may still say otherwise. */
export type GroupDefaults = Pick<RestRoute, 'tag' | 'auth' | 'errors'>;
export type RouteRow = Omit<RestRoute, keyof GroupDefaults> & Partial<GroupDefaults>;

/** Routes of one domain: the shared fields declared once, as a prefixed plugin would. */
export function routeGroup(defaults: GroupDefaults, rows: RouteRow[]): RestRoute[] {
  return rows.map((row) => ({ ...defaults, ...row }));
}

/** Builder routes: a bearer token, and the builder's error statuses unless the row says otherwise. */
export function builderRoutes(tag: string, rows: RouteRow[]): RestRoute[] {
  return routeGroup({ tag, auth: 'bearer', errors: BUILDER_ERRORS }, rows);
}
