import { useState } from 'react';
import { request } from '../../api/client';
import { ApiTokensDocument, CreateApiTokenDocument, RevokeApiTokenDocument } from '../../api/generated';
import { ErrorNote, formatDate, useAction, useLoad } from '../../ui';

/** The caller's API tokens: listed, created (the secret shown once), revoked. */
export function Tokens() {
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
