import { createToken, listTokens, revokeToken, type ApiToken } from '../../services/tokens';
import { getUser } from '../../services/users';
import { builder } from '../builder';

const ApiTokenRef = builder.prismaObject('ApiToken', {
  description: 'A bearer token of the caller; the secret itself is only shown when it is created.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedApiToken = builder.objectRef<{ token: string; apiToken: ApiToken }>('CreatedApiToken').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The secret: shown once, store it now.' }),
    apiToken: t.field({ type: ApiTokenRef, resolve: (created) => created.apiToken }),
  }),
});

builder.queryFields((t) => ({
  me: t.prismaField({
    type: 'User',
    description: 'The user the bearer token belongs to.',
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) => getUser(ctx.db, ctx.viewer!.userId, query),
  }),
  apiTokens: t.prismaField({
    type: ['ApiToken'],
    description: "The caller's active tokens, oldest first.",
    authScopes: { authenticated: true },
    resolve: (_query, _root, _args, ctx) => listTokens(ctx.db, ctx.viewer!.userId),
  }),
}));

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreatedApiToken,
    args: { name: t.arg.string({ required: true }) },
    authScopes: { authenticated: true },
    resolve: (_root, args, ctx) => createToken(ctx.db, ctx.viewer!.userId, args.name),
  }),
  revokeApiToken: t.prismaField({
    type: 'ApiToken',
    description: "Revokes one of the caller's tokens (it may be the one in use).",
    args: { tokenId: t.arg.id({ required: true }) },
    authScopes: { authenticated: true },
    resolve: (_query, _root, args, ctx) => revokeToken(ctx.db, String(args.tokenId), ctx.viewer!.userId),
  }),
}));
