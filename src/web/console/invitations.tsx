import { Link, useLocation } from 'wouter';
import { request } from './api/client';
import { AcceptInvitationDocument, DeclineInvitationDocument } from './api/generated';
import { useSession } from './session';
import { ErrorNote, useAction } from './ui';

/** Invitations waiting for the signed-in person: joining a workspace is their choice. */
export function InvitationsBanner() {
  const session = useSession();
  const [, navigate] = useLocation();
  const accept = useAction(async (invitationId: string, workspaceId: string) => {
    await request(AcceptInvitationDocument, { invitationId });
    session.refresh();
    navigate(`~/app/w/${workspaceId}/bots`);
  });
  const decline = useAction(async (invitationId: string) => {
    await request(DeclineInvitationDocument, { invitationId });
    session.refresh();
  });
  if (session.invitations.length === 0) return <PasswordReminder />;
  return (
    <section className="invitations" aria-label="Invitations">
      {session.invitations.map((invitation) => (
        <div key={invitation.id} className="invitation">
          <p>
            You are invited to join{' '}
            <strong>
              {invitation.workspace.icon ? `${invitation.workspace.icon} ` : ''}
              {invitation.workspace.name}
            </strong>{' '}
            as {invitation.role.toLowerCase()}.
          </p>
          <div className="actions">
            <button
              type="button"
              onClick={() => void accept.run(invitation.id, invitation.workspace.id)}
              disabled={accept.pending}
            >
              Join
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => void decline.run(invitation.id)}
              disabled={decline.pending}
            >
              Decline
            </button>
          </div>
        </div>
      ))}
      <ErrorNote error={accept.error ?? decline.error} />
    </section>
  );
}

/** Someone who joined with an invitation link has no password yet: without one they could not sign in again. */
function PasswordReminder() {
  const session = useSession();
  const [location] = useLocation();
  if (session.me.hasPassword !== false || location.endsWith('/settings')) return null;
  return (
    <section className="invitations" aria-label="Password">
      <div className="invitation">
        <p>Welcome! Set a password so you can sign in again.</p>
        <div className="actions">
          <Link href="/settings">Set a password</Link>
        </div>
      </div>
    </section>
  );
}
