import type { SmtpSender, SmtpSettings } from '../../integrations/email/smtp';
import type { SignInSettings } from './settings';

/** Sign-in links go out through the server's own SMTP settings (trusted: they are the operator's). */
export function signInLinkSender(smtp: SmtpSettings, sender: SmtpSender): NonNullable<SignInSettings['sendLink']> {
  return (to, url) =>
    sender.send(
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
}

/** Invitation e-mails go out the same way. */
export function invitationSender(
  smtp: SmtpSettings,
  sender: SmtpSender,
): NonNullable<SignInSettings['sendInvitation']> {
  return (to, url, workspaceName) =>
    sender.send(
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
}
