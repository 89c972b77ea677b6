import type { SmtpSender, SmtpSettings } from '../../integrations/email/smtp';
import { invitationLinkUrl } from '../invitation-links';
import type { SignInSettings } from './settings';

// Every link Parley e-mails is built from the configured console origin
// (PARLEY_PUBLIC_URL), never from a request: a Host header is anyone's to
// write, and a genuine e-mail pointing at the writer's site would hand them the
// secret in its fragment.

/** The console page that spends a sign-in link (the secret in the fragment: it reaches no server log or Referer). */
export function signInLinkUrl(consoleUrl: string, secret: string): string {
  return `${consoleUrl.replace(/\/$/, '')}/app/sign-in#link=${secret}`;
}

/** Sign-in links go out through the server's own SMTP settings (trusted: they are the operator's). */
export function signInLinkSender(
  smtp: SmtpSettings,
  sender: SmtpSender,
  consoleUrl: string,
): NonNullable<SignInSettings['sendLink']> {
  return (to, secret) => {
    const url = signInLinkUrl(consoleUrl, secret);
    return sender.send(
      smtp,
      {
        to: [to],
        cc: [],
        bcc: [],
        subject: 'Your Parley sign-in link',
        text: `Open this link to sign in to Parley (it works once, for 15 minutes):\n\n${url}\n\nIf you did not ask for it, ignore this e-mail.`,
      },
      { trusted: true },
    );
  };
}

/** Invitation e-mails go out the same way. */
export function invitationSender(
  smtp: SmtpSettings,
  sender: SmtpSender,
  consoleUrl: string,
): NonNullable<SignInSettings['sendInvitation']> {
  return (to, secret, workspaceName) => {
    const url = invitationLinkUrl(consoleUrl, secret);
    return sender.send(
      smtp,
      {
        to: [to],
        cc: [],
        bcc: [],
        subject: `You are invited to ${workspaceName} on Parley`,
        text: `You are invited to join the workspace "${workspaceName}" on Parley.\n\nOpen this link to join (it works once, for 14 days):\n\n${url}\n\nIf you already have a Parley account with this address, sign in and accept the invitation in the console instead. If you did not expect this, ignore this e-mail.`,
      },
      { trusted: true },
    );
  };
}
