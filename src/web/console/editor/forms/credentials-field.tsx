import { useId, useState, type ReactNode } from 'react';
import { request } from '../../api/client';
import { CreateCredentialsDocument } from '../../api/generated';
import { CREDENTIAL_TYPES, CredentialsForm, credentialsTypeName } from '../../pages/credentials-form';
import { Dialog, ErrorNote, useAction } from '../../ui';
import { ValueError } from './choice-field';
import { refreshCredentials, type Credential } from './workspace-lists';

// An account: the workspace's credentials of the kinds the block takes, and
// "Add…" to add one of those kinds without leaving the editor (the same form
// as Settings → Credentials, limited to the block's kinds); the new one is
// then chosen. One of another kind already saved (a Telegram connection in an
// OpenAI block) stays shown as chosen, marked invalid with the reason, until
// another is picked.

const ADD = '\u0000add';

/** Send e-mail's account when none is picked (or `default`): the server's own SMTP. */
const SERVER_SMTP = 'default';

export function CredentialsField({
  label,
  kinds,
  value,
  credentials,
  workspaceId,
  hint,
  onChange,
}: {
  label: string;
  kinds: string[] | undefined;
  value: unknown;
  credentials: Credential[];
  /** Without it (a guest), nothing can be added. */
  workspaceId: string | undefined;
  hint: ReactNode;
  onChange(value: unknown): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [adding, setAdding] = useState(false);
  const serverOwn = kinds?.includes('smtp') === true;
  const current = typeof value === 'string' && !(serverOwn && value === SERVER_SMTP) ? value : '';
  const offered = kinds ? credentials.filter((credential) => kinds.includes(credential.type)) : credentials;
  const chosen = credentials.find((credential) => credential.id === current);
  const wrongKind = chosen && kinds && !kinds.includes(chosen.type) ? chosen : undefined;
  const missing = current !== '' && !chosen && credentials.length > 0;
  const kindWords = kinds?.map(credentialsTypeName).join(' or ');
  const addable = (kinds ?? CREDENTIAL_TYPES).filter((kind) => CREDENTIAL_TYPES.includes(kind));
  const problem = wrongKind
    ? `${wrongKind.name} is a ${credentialsTypeName(wrongKind.type)} account; this block needs ${kindWords} credentials. Choose another.`
    : missing
      ? 'This workspace has no such credentials (deleted?). Choose others.'
      : undefined;
  const create = useAction(async (type: string, name: string, data: Record<string, unknown>) => {
    const answer = await request(CreateCredentialsDocument, { workspaceId: workspaceId!, type, name, data });
    await refreshCredentials(workspaceId!);
    onChange(answer.createCredentials.id);
    setAdding(false);
  });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => {
          if (event.target.value === ADD) setAdding(true);
          else onChange(event.target.value || undefined);
        }}
      >
        <option value="">{serverOwn ? '— the server’s own —' : '— none —'}</option>
        {offered.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {credential.name} ({credentialsTypeName(credential.type)})
          </option>
        ))}
        {wrongKind && (
          <option value={wrongKind.id}>
            {wrongKind.name} ({credentialsTypeName(wrongKind.type)}): not usable here
          </option>
        )}
        {current !== '' && !chosen && (
          <option value={current}>{missing ? `Unknown credentials (${current})` : 'Chosen credentials'}</option>
        )}
        {workspaceId && addable.length > 0 && (
          <option value={ADD}>Add {kindWords ? `${kindWords} ` : ''}credentials…</option>
        )}
      </select>
      {hint}
      {kinds?.length === 0 && (
        <small className="hint">Parley has no kind of credentials for this block: it cannot run here.</small>
      )}
      <ValueError id={errorId} problem={problem} />
      {workspaceId && (
        <Dialog
          title={`Add ${kindWords ? `${kindWords} ` : ''}credentials`}
          open={adding}
          onClose={() => setAdding(false)}
        >
          <p className="hint">Saved in Settings → Credentials, for every bot of this workspace.</p>
          <CredentialsForm types={addable} pending={create.pending} onSave={create.run} />
          <ErrorNote error={create.error} />
        </Dialog>
      )}
    </div>
  );
}
