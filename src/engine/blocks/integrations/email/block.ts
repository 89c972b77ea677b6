import type { z } from 'zod';
import { opt, optionsSchema, readOptions } from '../../options';
import type { ChatLog } from '../../../wire';
import type { EmailSpec } from '../../../contracts';
import type { EffectResult } from '../../../effects';
import { renderText, singleVariableName } from '../../../variables/templating';
import type { BlockContext, LogicHandler } from '../../handler';
import definition from './definition';

// Send e-mail (docs/engine-behaviour.md#other-integration-blocks). The engine writes the message; the service
// sends it (SMTP) as an effect, once per conversation, a few per conversation
// at most. Previews never send.

const emailOptions = optionsSchema({
  credentialsId: opt.string({
    title: 'SMTP account',
    description: "The server's own SMTP when empty",
    widget: 'credentials',
  }),
  recipients: opt.stringList({ title: 'To' }),
  cc: opt.stringList({ title: 'Cc' }),
  bcc: opt.stringList({ title: 'Bcc' }),
  replyTo: opt.string({ title: 'Reply to' }),
  subject: opt.string({ title: 'Subject' }),
  body: opt.string({ title: 'Body' }),
  isCustomBody: opt.boolean({ title: 'Custom body' }),
  isBodyCode: opt.boolean({ title: 'Body is HTML' }),
});

type EmailOptions = z.output<typeof emailOptions>;

/** At most this many e-mails per conversation. */
export const MAX_EMAILS_PER_CONVERSATION = 5;

/** Each entry substituted, then split on commas (a variable may hold several addresses). */
async function addresses(entries: readonly string[] | undefined, ctx: BlockContext): Promise<string[]> {
  const out: string[] = [];
  for (const entry of entries ?? []) {
    for (const address of (await ctx.text(entry)).split(',')) if (address.trim() !== '') out.push(address.trim());
  }
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The reference's body when none is written: the conversation's answers as an HTML table. */
function answersTable(ctx: BlockContext): string {
  const rows = ctx.entry.answers.map(
    (answer) =>
      `<tr><th align="left">${escapeHtml(answer.key)}</th><td>${escapeHtml(answer.value).replace(/\n/g, '<br>')}</td></tr>`,
  );
  return `<table>${rows.join('')}</table>`;
}

async function bodyOf(options: EmailOptions, ctx: BlockContext): Promise<EmailSpec['body']> {
  const written = options.body ?? '';
  if (options.isCustomBody !== true || written.trim() === '') return { kind: 'html', content: answersTable(ctx) };
  // A body that is one variable is that value, shown as HTML.
  if (singleVariableName(written) !== undefined) return { kind: 'html', content: await ctx.text(written) };
  if (options.isBodyCode === true)
    return {
      kind: 'html',
      content: await renderText(written, ctx.entry.variables, { code: ctx.env.code, mode: 'html' }),
    };
  return { kind: 'text', content: await ctx.text(written) };
}

/** "Name <address>": the name, when there is one. */
function displayNameOf(replyTo: string): string | undefined {
  const match = /^\s*"?([^"<]+?)"?\s*<[^>]+>\s*$/.exec(replyTo);
  return match ? match[1] : undefined;
}

export async function buildEmail(options: EmailOptions, ctx: BlockContext, conversation: string): Promise<EmailSpec> {
  const replyTo = (await ctx.text(options.replyTo ?? '')).trim();
  const fromName = replyTo ? displayNameOf(replyTo) : undefined;
  return {
    credentialsId: options.credentialsId || 'default',
    to: await addresses(options.recipients, ctx),
    cc: await addresses(options.cc, ctx),
    bcc: await addresses(options.bcc, ctx),
    ...(replyTo ? { replyTo } : {}),
    ...(fromName ? { fromName } : {}),
    subject: await ctx.text(options.subject ?? ''),
    body: await bodyOf(options, ctx),
    conversation,
  };
}

const NO_CREDENTIALS = 'No credentials found, make sure to configure your SMTP provider properly';

/**
 * What the send did, for the result's logs. Visitors of public routes never see "Email successfully sent" or
 * "Email not sent" (recipients, server errors: response.ts); the missing credentials are said to them, as the reference.
 */
function outcomeLog(result: EffectResult, email: { to: string[]; subject: string }): ChatLog {
  if (result.type !== 'sendEmail') {
    return {
      status: 'error' as const,
      description: 'Email not sent',
      details: result.type === 'failed' ? result.message : undefined,
    };
  }
  switch (result.outcome) {
    case 'sent':
      return {
        status: 'success' as const,
        description: 'Email successfully sent',
        details: { to: email.to, subject: email.subject },
      };
    case 'no-credentials':
      return { status: 'error' as const, description: NO_CREDENTIALS };
    case 'already-sent':
      return {
        status: 'info' as const,
        description: 'Email not sent',
        details: 'The same e-mail was already sent in this conversation',
      };
    case 'limit-reached':
      return {
        status: 'error' as const,
        description: 'Email not sent',
        details: `At most ${MAX_EMAILS_PER_CONVERSATION} e-mails are sent per conversation`,
      };
    case 'failed':
      return { status: 'error' as const, description: 'Email not sent', details: result.message };
  }
}

export const emailBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  // The server's own SMTP (PARLEY_SMTP_*), not an account of the workspace.
  builtInCredentialsId: 'default',
  options: emailOptions,
  credentialsTypes: ['smtp'],
  async execute(block, ctx) {
    const conversation = ctx.entry.resultId;
    if (ctx.state.isPreview || !conversation) {
      ctx.log({ status: 'info', description: 'Emails are not sent in preview mode' });
      return { kind: 'next' };
    }
    const email = await buildEmail(readOptions(emailOptions, block), ctx, conversation);
    if (email.to.length === 0) {
      ctx.log({ status: 'error', description: 'Email not sent', details: 'No recipient' });
      return { kind: 'next' };
    }
    return { kind: 'effect', effect: { type: 'sendEmail', email } };
  },
  onEffect(_block, result, ctx, effect) {
    const sent = effect.type === 'sendEmail' ? effect.email : { to: [], subject: '' };
    ctx.log(outcomeLog(result, sent));
    return { kind: 'next' };
  },
};

export default emailBlock;
