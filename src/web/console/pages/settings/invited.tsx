import { useState } from 'react';

/**
 * What became of an invitation: e-mailed, its link to hand over (shown once, to an operator only: only its hash is
 * kept), or neither (the invitee signs in to see it).
 */
export function Invited({ invitation }: { invitation: { email: string; emailed: boolean; link?: string | null } }) {
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
      ) : !invitation.link ? (
        <p>
          Invitation made for {invitation.email}. This server sends no e-mail: they see it in the console when they sign
          in with that address. Someone without an account needs one from the server&apos;s operator first.
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
