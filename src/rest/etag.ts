import type { RestResult } from './executor';
import type { RestRoute } from './route';

// Versioned REST resources (a bot's draft): the version is an entity tag, the
// HTTP way (RFC 9110 §8.8.3, §13.1.1), rather than a field of the documented body.

/**
 * The version an If-Match header names: a number for `"12"` (or a weak
 * `W/"12"`), undefined when absent or `*` (any version), NaN for a tag this
 * server never gives (it matches nothing: a 412, as the RFC has it).
 */
export function versionOfIfMatch(header: string | undefined): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(value);
  return match ? Number(match[1]) : Number.NaN;
}

/** Takes the version out of a successful answer's body into its ETag; a conflict on an If-Match request is a 412. */
export function applyEtag(
  route: RestRoute,
  result: RestResult,
  ifMatched: boolean,
): { result: RestResult; etag?: string } {
  const spec = route.etag;
  if (!spec) return { result };
  if (result.status !== 200) {
    const code = (result.body as { code?: string }).code;
    if (ifMatched && code === 'CONFLICT')
      return {
        result: { status: 412, body: { ...(result.body as object), code: 'PRECONDITION_FAILED' } } as RestResult,
      };
    return { result };
  }
  const keys = spec.version;
  let holder = result.body as Record<string, unknown> | null;
  for (const key of keys.slice(0, -1)) holder = (holder?.[key] as Record<string, unknown> | null) ?? null;
  const last = keys[keys.length - 1]!;
  const version = holder?.[last];
  if (holder && typeof version === 'number') delete holder[last];
  return { result, etag: typeof version === 'number' ? `"${version}"` : undefined };
}
