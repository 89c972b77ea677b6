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
