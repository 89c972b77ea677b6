import { builderRoutes } from './group';

// Listing members is documented by Typebot; invitations and roles are Parley's.
export const memberRoutes = builderRoutes('Workspace', [
  {
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/members',
    operation: 'ListMembers',
    summary: 'List members in workspace',
    unwrap: ['workspace'],
  },
  {
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/members',
    operation: 'InviteMember',
    summary:
      'Invite a member by e-mail: an invitation the invitee accepts (nothing said of whether the address has an account)',
  },
  {
    method: 'GET',
    path: '/v1/workspaces/{workspaceId}/invitations',
    operation: 'ListInvitations',
    summary: 'List the invitations waiting for an answer (ADMIN)',
    unwrap: ['workspace'],
  },
  {
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/invitations/{invitationId}',
    operation: 'RevokeInvitation',
    summary: 'Revoke an invitation (ADMIN)',
    unwrap: ['revokeInvitation'],
  },
  {
    method: 'GET',
    path: '/v1/invitations',
    operation: 'MyInvitations',
    summary: "List the invitations waiting for the caller (by the caller's e-mail)",
    errors: [401, 500],
  },
  {
    method: 'POST',
    path: '/v1/invitations/{invitationId}/accept',
    operation: 'AcceptInvitation',
    summary: 'Accept an invitation addressed to the caller: join its workspace',
  },
  {
    method: 'POST',
    path: '/v1/invitations/{invitationId}/decline',
    operation: 'DeclineInvitation',
    summary: 'Decline an invitation addressed to the caller',
    unwrap: ['declineInvitation'],
  },
  {
    method: 'PATCH',
    path: '/v1/workspaces/{workspaceId}/members/{userId}',
    operation: 'UpdateMember',
    summary: "Change a member's role (userId: user id or e-mail)",
  },
  {
    method: 'DELETE',
    path: '/v1/workspaces/{workspaceId}/members/{userId}',
    operation: 'RemoveMember',
    summary: 'Remove member (userId: user id or e-mail)',
    unwrap: ['removeMember'],
  },
]);
