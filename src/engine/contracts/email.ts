/** An e-mail a block wants sent (SMTP credentials of the bot's workspace, or the server's). */
export interface EmailSpec {
  /** `default`: the server's SMTP settings; else workspace credentials of type smtp. */
  credentialsId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string;
  /** Display name of the sender (from the reply-to "Name <address>"). */
  fromName?: string;
  subject: string;
  body: { kind: 'html' | 'text'; content: string };
  /** The conversation sending it (its result): an e-mail is sent once per conversation, a few at most. */
  conversation: string;
}

export type SendEmailOutcome = 'sent' | 'already-sent' | 'limit-reached' | 'no-credentials' | 'failed';
