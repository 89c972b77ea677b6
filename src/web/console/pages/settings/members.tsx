import { useState } from 'react';
import { request } from '../../api/client';
import {
  InviteMemberDocument,
  RemoveMemberDocument,
  RevokeInvitationDocument,
  UpdateMemberRoleDocument,
  WorkspaceInvitationsDocument,
  WorkspaceSettingsDocument,
  type WorkspaceRole,
} from '../../api/generated';
import { isAdmin, type Workspace } from '../../session';
import { ErrorNote, formatDate, useAction, useLoad } from '../../ui';
import { Invited } from './invited';

const ROLES: WorkspaceRole[] = ['ADMIN', 'MEMBER', 'GUEST'];

/** The workspace's members and their roles, and (admins) invitations: made, waiting, revoked. */
export function Members({ workspace }: { workspace: Workspace }) {
  const loaded = useLoad(() => request(WorkspaceSettingsDocument, { workspaceId: workspace.id }), [workspace.id]);
  const admin = isAdmin(workspace.viewerRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('MEMBER');
  const [invited, setInvited] = useState<{ email: string; emailed: boolean; link?: string | null } | null>(null);
  const invitations = useLoad(
    () => (admin ? request(WorkspaceInvitationsDocument, { workspaceId: workspace.id }) : Promise.resolve(null)),
    [workspace.id, admin],
  );
  const add = useAction(async () => {
    const { inviteMember } = await request(InviteMemberDocument, { workspaceId: workspace.id, email, role });
    setEmail('');
    setInvited(inviteMember);
    invitations.reload();
  });
  const revoke = useAction(async (invitationId: string) => {
    await request(RevokeInvitationDocument, { workspaceId: workspace.id, invitationId });
    invitations.reload();
  });
  const change = useAction(async (userId: string, next: WorkspaceRole) => {
    await request(UpdateMemberRoleDocument, { workspaceId: workspace.id, userId, role: next });
    loaded.reload();
  });
  const remove = useAction(async (userId: string, who: string) => {
    if (!confirm(`Remove ${who} from the workspace?`)) return;
    await request(RemoveMemberDocument, { workspaceId: workspace.id, userId });
    loaded.reload();
  });
  return (
    <section className="card">
      <h2>Members</h2>
      <ErrorNote error={loaded.error ?? change.error ?? remove.error} />
      {/* Scrolls sideways on a phone rather than cutting its last column. */}
      <div className="table-scroll">
        <table className="list">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              {admin && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {loaded.data?.workspace.members.map((member) => (
              <tr key={member.userId}>
                <td>{member.user.email}</td>
                <td>
                  {admin ? (
                    <select
                      aria-label={`Role of ${member.user.email}`}
                      value={member.role}
                      onChange={(event) => void change.run(member.userId, event.target.value as WorkspaceRole)}
                    >
                      {ROLES.map((each) => (
                        <option key={each}>{each}</option>
                      ))}
                    </select>
                  ) : (
                    member.role
                  )}
                </td>
                {admin && (
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => void remove.run(member.userId, member.user.email)}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {admin && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            void add.run();
          }}
        >
          <label>
            E-mail
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          </label>
          <label>
            Role
            <select value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)}>
              {ROLES.map((each) => (
                <option key={each}>{each}</option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={add.pending}>
            Invite
          </button>
        </form>
      )}
      <ErrorNote error={add.error ?? revoke.error ?? invitations.error} />
      {invited && <Invited invitation={invited} />}
      {admin && (invitations.data?.workspace.invitations.length ?? 0) > 0 && (
        <>
          <h3>Invitations waiting</h3>
          <div className="table-scroll">
            <table className="list" aria-label="Invitations waiting">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Until</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {invitations.data?.workspace.invitations.map((invitation) => (
                  <tr key={invitation.id}>
                    <td>{invitation.email}</td>
                    <td>{invitation.role}</td>
                    <td>{formatDate(invitation.expiresAt)}</td>
                    <td>
                      <button type="button" className="danger" onClick={() => void revoke.run(invitation.id)}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
