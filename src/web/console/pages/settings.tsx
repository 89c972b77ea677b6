import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { request } from '../api/client';
import {
  ApiTokensDocument,
  ChangePasswordDocument,
  CreateApiTokenDocument,
  CreateCredentialsDocument,
  CreateWorkspaceDocument,
  DeleteCredentialsDocument,
  InviteMemberDocument,
  RemoveMemberDocument,
  RevokeInvitationDocument,
  RevokeApiTokenDocument,
  UpdateMemberRoleDocument,
  UpdateWorkspaceDocument,
  WorkspaceCredentialsDocument,
  WorkspaceInvitationsDocument,
  WorkspaceSettingsDocument,
  type WorkspaceRole,
} from '../api/generated';
import { canEdit, isAdmin, useSession, type Workspace } from '../session';
import { CredentialsForm } from './credentials-form';
import { ErrorNote, formatDate, useAction, useLoad } from '../ui';

const ROLES: WorkspaceRole[] = ['ADMIN', 'MEMBER', 'GUEST'];

export function SettingsPage({ workspace }: { workspace: Workspace }) {
  return (
    <section className="settings">
      <h1>Settings</h1>
      <WorkspaceForm workspace={workspace} />
      <Members workspace={workspace} />
      {canEdit(workspace.viewerRole) && <CredentialsList workspace={workspace} />}
      <Tokens />
      <Password />
      <NewWorkspace />
    </section>
  );
}

/** Another workspace, of which the caller becomes the ADMIN. */
function NewWorkspace() {
  const session = useSession();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const create = useAction(async () => {
    const { createWorkspace } = await request(CreateWorkspaceDocument, { name });
    setName('');
    session.refresh();
    navigate(`~/app/w/${createWorkspace.id}/bots`);
  });
  return (
    <form
      className="card"
      aria-label="New workspace"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void create.run();
      }}
    >
      <h2>New workspace</h2>
      <p className="hint">A workspace of its own (bots, members, billing); you are its ADMIN.</p>
      <div className="row">
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required />
        </label>
        <button type="submit" disabled={create.pending}>
          Create workspace
        </button>
      </div>
      <ErrorNote error={create.error} />
    </form>
  );
}

function WorkspaceForm({ workspace }: { workspace: Workspace }) {
  const session = useSession();
  const [name, setName] = useState(workspace.name);
  const [icon, setIcon] = useState(workspace.icon ?? '');
  const save = useAction(async () => {
    await request(UpdateWorkspaceDocument, { workspaceId: workspace.id, name, icon: icon || null });
    session.refresh();
  });
  const admin = isAdmin(workspace.viewerRole);
  return (
    <form
      className="card"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2>Workspace</h2>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} disabled={!admin} required />
      </label>
      <label>
        Icon
        <input
          value={icon}
          onChange={(event) => setIcon(event.target.value)}
          disabled={!admin}
          placeholder="An emoji or an image URL"
        />
      </label>
      <ErrorNote error={save.error} />
      {admin && (
        <button type="submit" disabled={save.pending}>
          Save
        </button>
      )}
    </form>
  );
}

/** What became of an invitation: e-mailed, or its link to hand over (shown once: only its hash is kept). */
function Invited({ invitation }: { invitation: { email: string; emailed: boolean; link?: string | null } }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(invitation.link ?? '');
    setCopied(true);
  };
  return (
    <div role="status" className="hint invited">
      {invitation.emailed ? (
        <p>
          Invitation e-mailed to {invitation.email}. Someone new joins with its link; someone with an account sees it in
          the console when they sign in with that address.
        </p>
      ) : (
        <>
          <p>
            Invitation made for {invitation.email}. This server sends no e-mail: give them this link (it is shown only
            now). Someone new joins with it; someone with an account signs in with that address and accepts it in the
            console.
          </p>
          <div className="row">
            <input
              readOnly
              aria-label="Invitation link"
              value={invitation.link ?? ''}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function Members({ workspace }: { workspace: Workspace }) {
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
        </>
      )}
    </section>
  );
}

function CredentialsList({ workspace }: { workspace: Workspace }) {
  const loaded = useLoad(() => request(WorkspaceCredentialsDocument, { workspaceId: workspace.id }), [workspace.id]);
  const create = useAction(async (type: string, name: string, data: Record<string, unknown>) => {
    await request(CreateCredentialsDocument, { workspaceId: workspace.id, type, name, data });
    loaded.reload();
  });
  const remove = useAction(async (credentialsId: string) => {
    await request(DeleteCredentialsDocument, { workspaceId: workspace.id, credentialsId });
    loaded.reload();
  });
  return (
    <section className="card">
      <h2>Credentials</h2>
      <p className="hint">Stored encrypted; their secrets are never shown again.</p>
      <ErrorNote error={loaded.error ?? remove.error} />
      <ul className="plain">
        {loaded.data?.credentials.map((each) => (
          <li key={each.id} className="row">
            <span>
              {each.name} <small>({each.type})</small>
            </span>
            <button type="button" className="danger" onClick={() => void remove.run(each.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <CredentialsForm pending={create.pending} onSave={(type, name, data) => create.run(type, name, data)} />
      <ErrorNote error={create.error} />
    </section>
  );
}

function Tokens() {
  const loaded = useLoad(() => request(ApiTokensDocument), []);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(async () => {
    const created = await request(CreateApiTokenDocument, { name });
    setSecret(created.createApiToken.token);
    setName('');
    loaded.reload();
  });
  const revoke = useAction(async (tokenId: string) => {
    await request(RevokeApiTokenDocument, { tokenId });
    loaded.reload();
  });
  return (
    <section className="card">
      <h2>Your API tokens</h2>
      <ErrorNote error={loaded.error ?? revoke.error} />
      <ul className="plain">
        {loaded.data?.apiTokens.map((token) => (
          <li key={token.id} className="row">
            <span>
              {token.name}{' '}
              <small>
                created {formatDate(token.createdAt)}, last used {formatDate(token.lastUsedAt)}
              </small>
            </span>
            <button type="button" className="danger" onClick={() => void revoke.run(token.id)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {secret && (
        <p role="status" className="secret">
          New token (shown once, copy it now): <code>{secret}</code>
        </p>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <label>
          Token name
          <input value={name} onChange={(event) => setName(event.target.value)} required />
        </label>
        <button type="submit" disabled={create.pending}>
          Create token
        </button>
      </form>
      <ErrorNote error={create.error} />
    </section>
  );
}

function Password() {
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const change = useAction(async () => {
    await request(ChangePasswordDocument, { currentPassword: current || null, newPassword: next });
    setCurrent('');
    setNext('');
    setDone(true);
    session.refresh();
  });
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(false);
        void change.run();
      }}
    >
      <h2>Your password</h2>
      {session.me.hasPassword !== false && (
        <label>
          Current password
          <input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </label>
      )}
      <label>
        New password (10 characters or more)
        <input
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          required
          minLength={10}
        />
      </label>
      <ErrorNote error={change.error} />
      {done && <p role="status">Password changed; your other browsers were signed out.</p>}
      <button type="submit" disabled={change.pending}>
        {session.me.hasPassword === false ? 'Set password' : 'Change password'}
      </button>
    </form>
  );
}
