// What an allowed origin is: an origin as a browser sends it in its Origin
// header (scheme://host[:port], default port dropped, host in lower case).
// The server saves entries so and the console's field tidies them alike
// (the console bundles engine/shapes/: this module imports nothing).

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
