import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type PrismaTypes from '../db/generated/pothos-types';
import { getDatamodel } from '../db/generated/pothos-types';
import { forbidden, notFound } from '../errors';
import type { WorkspaceRole } from '../services/access';
import { noViewerError, type GraphQLContext } from './context';

/** Scope parameter: the roles that may act on a workspace (or on a bot, through its workspace). */
export interface RoleScope {
  id: string;
  roles: readonly WorkspaceRole[];
}

/** The caller's access, or UNAUTHORIZED when the request carries no valid token. */
export function requireAccess(ctx: GraphQLContext) {
  if (ctx.access) return ctx.access;
  throw noViewerError(ctx);
}

/** The `bot` scope: NOT_FOUND outside the bot's workspace, else whether the caller's role is one of `roles`. */
export async function hasBotRole(
  ctx: GraphQLContext,
  botId: string,
  roles: readonly WorkspaceRole[],
): Promise<boolean> {
  const access = requireAccess(ctx);
  const workspaceId = await access.workspaceOfBot(botId);
  const role = workspaceId ? await access.roleIn(workspaceId) : null;
  if (!role) throw notFound();
  return roles.includes(role);
}

/**
 * The bot's workspace and the caller's role in it when the caller is one of
 * its members (any role), else null: for fields open to everyone that give
 * members more (the preview of a stored draft). Existence is not revealed to
 * others.
 */
export async function membershipOfBot(
  ctx: GraphQLContext,
  botId: string,
): Promise<{ workspaceId: string; role: WorkspaceRole } | null> {
  if (!ctx.access) return null;
  const workspaceId = await ctx.access.workspaceOfBot(botId);
  const role = workspaceId ? await ctx.access.roleIn(workspaceId) : null;
  return workspaceId && role ? { workspaceId, role } : null;
}

/**
 * The one SchemaBuilder. Authorization lives here as scopes: a caller outside
 * the workspace gets NOT_FOUND (existence is never revealed across
 * workspaces), a member whose role is not listed gets FORBIDDEN, no valid
 * token gets UNAUTHORIZED.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  AuthScopes: {
    authenticated: boolean;
    workspace: RoleScope;
    bot: RoleScope;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    onUnusedQuery: null,
  },
  // Relay connections only (results paging); ids stay our own, no node/nodes root fields.
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
  scopeAuth: {
    authScopes: (ctx) => ({
      authenticated: () => {
        requireAccess(ctx);
        return true;
      },
      workspace: async ({ id, roles }) => {
        const role = await requireAccess(ctx).roleIn(id);
        if (!role) throw notFound();
        return roles.includes(role);
      },
      bot: ({ id, roles }) => hasBotRole(ctx, id, roles),
    }),
    unauthorizedError: () => forbidden(),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
