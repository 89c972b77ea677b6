import { useState, type FormEvent } from 'react';
import { request } from '../../api/client';
import { UpdateWorkspaceDocument } from '../../api/generated';
import { isAdmin, useSession, type Workspace } from '../../session';
import { ErrorNote, useAction } from '../../ui';

/** The workspace's name and icon (admins change them). */
export function WorkspaceForm({ workspace }: { workspace: Workspace }) {
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
