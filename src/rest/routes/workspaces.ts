import { builderRoutes } from './group';

// Documented by Typebot.
export const workspaceRoutes = builderRoutes('Workspace', [
  {
    method: 'POST',
    path: '/v1/workspaces',
    operation: 'CreateWorkspace',
    summary: 'Create workspace',
    errors: [400, 401, 403, 500],
  },
  {
    method: 'GET',
    path: '/v1/workspaces',
    operation: 'ListWorkspaces',
    summary: 'List workspaces',
    errors: [401, 403, 500],
  },
  { method: 'GET', path: '/v1/workspaces/{workspaceId}', operation: 'GetWorkspace', summary: 'Get workspace' },
  { method: 'PATCH', path: '/v1/workspaces/{workspaceId}', operation: 'UpdateWorkspace', summary: 'Update workspace' },
  {
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}',
    operation: 'DeleteWorkspace',
    summary: 'Delete workspace',
    unwrap: ['deleteWorkspace'],
  },
]);
