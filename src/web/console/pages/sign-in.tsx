import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { request, setCsrfToken } from '../api/client';
import {
  RequestSignInLinkDocument,
  SignInDocument,
  SignInOptionsDocument,
  SignInWithInvitationDocument,
  SignInWithLinkDocument,
} from '../api/generated';
import { ErrorNote, useAction, useLoad } from '../ui';

export function SignInPage() {
  const [, navigate] = useLocation();
  const options = useLoad(() => request(SignInOptionsDocument), []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [linkSent, setLinkSent] = useState(false);
  const signIn = useAction(async () => {
    setCsrfToken((await request(SignInDocument, { email, password })).signIn.csrfToken);
    navigate('/', { replace: true });
  });
  const sendLink = useAction(async () => {
    await request(RequestSignInLinkDocument, { email });
    setLinkSent(true);
  });
  // An e-mailed link opens /app/sign-in#link=…: the secret stays out of server logs.
  // An invitation link opens /app/sign-in#invitation=…: someone new joins with it.
  const fragment = new URLSearchParams(location.hash.slice(1));
  const linkToken = fragment.get('link');
  const invitationToken = fragment.get('invitation');
  const redeem = useAction(async (token: string, kind: 'link' | 'invitation') => {
    const csrfToken =
      kind === 'link'
        ? (await request(SignInWithLinkDocument, { token })).signInWithLink.csrfToken
        : (await request(SignInWithInvitationDocument, { token })).signInWithInvitation.csrfToken;
    setCsrfToken(csrfToken);
    history.replaceState(null, '', location.pathname);
    navigate('/', { replace: true });
  });
  useEffect(() => {
    if (linkToken) void redeem.run(linkToken, 'link');
    else if (invitationToken) void redeem.run(invitationToken, 'invitation');
    // Once per page load: the link is spent by the first try.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn.run();
  };
  return (
    <main className="sign-in">
      <h1>Sign in to Parley</h1>
      {(linkToken || invitationToken) && redeem.pending && <p>Signing in with your link…</p>}
      <ErrorNote error={redeem.error} />
      <form onSubmit={submit}>
        <label>
          E-mail
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <ErrorNote error={signIn.error} />
        <button type="submit" disabled={signIn.pending}>
          Sign in
        </button>
      </form>
      {options.data?.signInOptions.emailLink && (
        <section>
          <button
            type="button"
            className="secondary"
            disabled={!email || sendLink.pending}
            onClick={() => void sendLink.run()}
          >
            E-mail me a sign-in link
          </button>
          {linkSent && (
            <p role="status">If {email} has an account, a link is on its way. It works once, for 15 minutes.</p>
          )}
          <ErrorNote error={sendLink.error} />
        </section>
      )}
      <details className="lost-password">
        <summary>Lost your password?</summary>
        {options.data?.signInOptions.emailLink ? (
          <p>Ask for a sign-in link above, then change your password in your account settings, or ask your operator.</p>
        ) : (
          <p>Ask your operator: this server sends no e-mails, so there is no reset link.</p>
        )}
        <p>
          An operator sets a new password on the server with{' '}
          <code>parley users set-password --email you@example.com</code> (it asks for the new password).
        </p>
      </details>
    </main>
  );
}
