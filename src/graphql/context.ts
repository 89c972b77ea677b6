import type { Db } from '../db/client';
import { Access } from '../services/access';
import { unauthorized, type AppError } from '../services/errors';
import { authenticate, type Viewer } from '../services/tokens';

export interface GraphQLContext {
  db: Db;
  viewer: Viewer | null;
  /** Why `viewer` is null when a builder field needs one. */
  authFailure: 'missing' | 'invalid' | null;
  /** The caller's memberships, loaded lazily once per request; null without a viewer. */
  access: Access | null;
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Builds the per-request context from the Authorization header (the same for /graphql and REST). */
export async function createContext(db: Db, authorization: string | null | undefined): Promise<GraphQLContext> {
  if (!authorization) return { db, viewer: null, authFailure: 'missing', access: null };
  const secret = BEARER.exec(authorization)?.[1];
  if (!secret) return { db, viewer: null, authFailure: 'missing', access: null };
  const viewer = await authenticate(db, secret);
  if (!viewer) return { db, viewer: null, authFailure: 'invalid', access: null };
  return { db, viewer, authFailure: null, access: new Access(db, viewer.userId) };
}

/** The 401 for a request that needs a viewer and has none (no header, or an unknown/revoked token). */
export function noViewerError(ctx: GraphQLContext): AppError {
  return unauthorized(ctx.authFailure === 'invalid' ? 'Invalid or revoked token' : undefined);
}
