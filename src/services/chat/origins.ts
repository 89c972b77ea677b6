// What settings.security.allowedOrigins holds: origins as a browser sends them
// (engine/shapes/origins.ts), so that the list matches by plain equality at run time.

import { normalisedOrigin, ORIGIN_SHAPE, originOf } from '../../engine/shapes/origins';

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
