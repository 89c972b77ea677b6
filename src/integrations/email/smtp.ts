// Sending e-mail over SMTP (nodemailer). A workspace's SMTP host goes through
// the outbound guard like any request (an internal mail relay must be listed
// in PARLEY_OUTBOUND_ALLOW), and the connection is pinned to the checked
// address; the server's own SMTP settings (SMTP_*) are the operator's and trusted.
import { checkHost, EMPTY_ALLOW_LIST, systemLookup, type Lookup, type OutboundAllowList } from '../http/guard';

export interface SmtpSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  from: { email: string; name?: string };
}

export interface OutgoingEmail {
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string;
  fromName?: string;
  subject: string;
  html?: string;
  text?: string;
}

export interface SmtpSender {
  send(settings: SmtpSettings, email: OutgoingEmail, options: { trusted: boolean }): Promise<void>;
}

export interface SmtpSenderOptions {
  allow?: OutboundAllowList;
  lookup?: Lookup;
  /** Connection, greeting and socket timeouts (ms). */
  timeoutMs?: number;
}

export function createSmtpSender(options: SmtpSenderOptions = {}): SmtpSender {
  const allow = options.allow ?? EMPTY_ALLOW_LIST;
  const lookup = options.lookup ?? systemLookup;
  const timeout = options.timeoutMs ?? 10_000;
  return {
    async send(settings, email, { trusted }) {
      // An untrusted host (workspace credentials) is checked, and the connection goes to the checked address.
      const host = trusted ? settings.host : (await checkHost(settings.host, allow, lookup)).address;
      // Loaded with the first e-mail, not with every server start (it is a large library most servers rarely use).
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport({
        host,
        port: settings.port,
        secure: settings.secure ?? settings.port === 465,
        auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
        tls: { servername: settings.host },
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      });
      try {
        await transport.sendMail({
          from: { name: email.fromName ?? settings.from.name ?? '', address: settings.from.email },
          to: email.to,
          cc: email.cc.length ? email.cc : undefined,
          bcc: email.bcc.length ? email.bcc : undefined,
          replyTo: email.replyTo,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
      } finally {
        transport.close();
      }
    },
  };
}
