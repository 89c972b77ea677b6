// What settings.security.allowedOrigins holds: origins as a browser sends them
// in its Origin header (scheme://host[:port], default port dropped, host in
// lower case), so that the list matches by plain equality at run time.

/** The words a refused entry is explained with (API issue and console field alike). */
export const ORIGIN_SHAPE = 'An origin is a scheme and host such as https://example.com, without a path';

function httpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/**
 * An origin as a person types it (`HTTPS://Site.example:443/` too), as the
 * browser would send it; undefined when it says more than an origin (a path,
 * a query, credentials) or is no http(s) address, since a page's Origin header
 * never carries those and such an entry would never match.
 */
export function normalisedOrigin(text: string): string | undefined {
  const url = httpUrl(text);
  if (!url || url.username || url.password || url.pathname !== '/' || /[?#]/.test(text)) return undefined;
  return url.origin;
}

/**
 * The origin an entry stands for at run time. Lists saved before entries were
 * checked may hold a trailing slash or a path: they meant that site, so they
 * match its origin rather than nothing.
 */
export function originOf(text: string): string | undefined {
  const origin = httpUrl(text)?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

export interface OriginIssue {
  message: string;
  path: (string | number)[];
}

/**
 * settings with security.allowedOrigins normalised, or the entries that are
 * no origin (paths relative to settings). Entries already stored as they are
 * (`kept`) were accepted before entries were checked: they are normalised as
 * far as they can be and kept, so an unrelated save of an old bot still works.
 */
export function withNormalisedOrigins(
  settings: Record<string, unknown>,
  kept: readonly unknown[] = [],
): { ok: true; settings: Record<string, unknown> } | { ok: false; issues: OriginIssue[] } {
  const security = settings.security;
  if (!security || typeof security !== 'object' || Array.isArray(security)) return { ok: true, settings };
  const listed = (security as Record<string, unknown>).allowedOrigins;
  if (!Array.isArray(listed)) return { ok: true, settings };
  const issues: OriginIssue[] = [];
  const origins = listed.map((entry: unknown, index) => {
    const origin = typeof entry === 'string' ? normalisedOrigin(entry) : undefined;
    if (origin) return origin;
    if (kept.includes(entry)) return typeof entry === 'string' ? (originOf(entry) ?? entry) : entry;
    issues.push({ message: ORIGIN_SHAPE, path: ['security', 'allowedOrigins', index] });
    return entry;
  });
  if (issues.length > 0) return { ok: false, issues };
  // Two spellings of one site are one entry.
  const unique = [...new Set(origins)];
  return { ok: true, settings: { ...settings, security: { ...security, allowedOrigins: unique } } };
}
