import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { request } from '../../api/client';
import { CreateWorkspaceDocument } from '../../api/generated';
import { useSession } from '../../session';
import { ErrorNote, useAction } from '../../ui';

/** Another workspace, of which the caller becomes the ADMIN. */
export function NewWorkspace() {
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
