import { useState } from 'react';
import { request } from '../../api/client';
import { ChangePasswordDocument } from '../../api/generated';
import { useSession } from '../../session';
import { ErrorNote, useAction } from '../../ui';

/** The caller's password: changed, or set by someone who signed up without one. */
export function Password() {
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
