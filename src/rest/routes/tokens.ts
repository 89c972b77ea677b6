import { routeGroup } from './group';

// Parley's: the caller's own API tokens, in no workspace (so no 403).
export const tokenRoutes = routeGroup({ tag: 'User', auth: 'bearer', errors: [401, 500] }, [
  { method: 'GET', path: '/v1/users/me/api-tokens', operation: 'ListApiTokens', summary: 'List my API tokens' },
  {
    method: 'POST',
    path: '/v1/users/me/api-tokens',
    operation: 'CreateApiToken',
    summary: 'Create an API token (shown once)',
    unwrap: ['createApiToken'],
    errors: [400, 401, 500],
  },
  {
    method: 'DELETE',
    path: '/v1/users/me/api-tokens/{tokenId}',
    operation: 'RevokeApiToken',
    summary: 'Revoke an API token',
    errors: [401, 404, 500],
  },
]);
