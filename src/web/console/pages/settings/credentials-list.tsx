import { useEffect } from 'react';
import { request } from '../../api/client';
import {
  CreateCredentialsDocument,
  DeleteCredentialsDocument,
  WorkspaceCredentialsDocument,
} from '../../api/generated';
import type { Workspace } from '../../session';
import { ErrorNote, useAction, useLoad } from '../../ui';
import { CredentialsForm, credentialsTypeName } from '../credentials-form';

/** The workspace's stored credentials: listed by name, added, deleted. */
export function CredentialsList({ workspace }: { workspace: Workspace }) {
  const loaded = useLoad(() => request(WorkspaceCredentialsDocument, { workspaceId: workspace.id }), [workspace.id]);
  // Linked to from a bot's Channels tab (#credentials): an in-app navigation scrolls nowhere by itself.
  useEffect(() => {
    if (window.location.hash === '#credentials') document.getElementById('credentials')?.scrollIntoView();
  }, []);
  const create = useAction(async (type: string, name: string, data: Record<string, unknown>) => {
    await request(CreateCredentialsDocument, { workspaceId: workspace.id, type, name, data });
    loaded.reload();
  });
  const remove = useAction(async (credentialsId: string) => {
    await request(DeleteCredentialsDocument, { workspaceId: workspace.id, credentialsId });
    loaded.reload();
  });
  return (
    <section className="card" id="credentials" aria-labelledby="credentials-title">
      <h2 id="credentials-title">Credentials</h2>
      <p className="hint">
        Stored encrypted; their secrets are never shown again. WhatsApp and Telegram credentials are the connections a
        bot’s Channels tab offers.
      </p>
      <ErrorNote error={loaded.error ?? remove.error} />
      <ul className="plain">
        {loaded.data?.credentials.map((each) => (
          <li key={each.id} className="row">
            <span>
              {each.name} <small>({credentialsTypeName(each.type)})</small>
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
