import { useId, useState, type FormEvent } from 'react';
import { iconProblem } from '../../../../engine/shapes/values';
import { FieldError, invalidProps } from '../../shaped-text';
import { request } from '../../api/client';
import { UpdateWorkspaceDocument } from '../../api/generated';
import { isAdmin, useSession, type Workspace } from '../../session';
import { ErrorNote, useAction } from '../../ui';

/** The workspace's name and icon (admins change them). */
export function WorkspaceForm({ workspace }: { workspace: Workspace }) {
  const session = useSession();
  const [name, setName] = useState(workspace.name);
  const [icon, setIcon] = useState(workspace.icon ?? '');
  const [iconLeft, setIconLeft] = useState(false);
  const iconId = useId();
  // The server's rule, checked as it is typed: the form is not sent while the icon lacks it.
  const wrongIcon = iconProblem(icon.trim());
  const save = useAction(async () => {
    await request(UpdateWorkspaceDocument, { workspaceId: workspace.id, name, icon: icon.trim() || null });
    session.refresh();
  });
  const admin = isAdmin(workspace.viewerRole);
  return (
    <form
      className="card"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setIconLeft(true);
        if (!wrongIcon) void save.run();
      }}
    >
      <h2>Workspace</h2>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} disabled={!admin} required />
      </label>
      <label htmlFor={iconId}>Icon</label>
      <input
        id={iconId}
        value={icon}
        onChange={(event) => setIcon(event.target.value)}
        onBlur={() => setIconLeft(true)}
        disabled={!admin}
        placeholder="An emoji or an image URL (https://…)"
        {...invalidProps(`${iconId}-error`, iconLeft ? wrongIcon : undefined)}
      />
      <FieldError id={`${iconId}-error`} problem={iconLeft ? wrongIcon : undefined} />
      <ErrorNote error={save.error} />
      {admin && (
        <button type="submit" disabled={save.pending}>
          Save
        </button>
      )}
    </form>
  );
}
