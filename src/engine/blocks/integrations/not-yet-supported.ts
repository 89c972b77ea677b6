import { NO_OPTIONS } from '../options';
import type { BlockType } from '../../definition/block-types';
import type { ChatLog } from '../../types';
import type { BlockContext, FlowHooks, LogicHandler } from '../handler';

/**
 * Integration blocks (HTTP request, e-mail, AI, sheets...) arrive with the
 * outbound-safety work. Until then each one logs an error naming its type and
 * the flow goes on past it: a deliberate, temporary difference from the
 * reference. Previews say what the real thing would have done instead:
 * e-mails are never sent in previews, and anonymous previews (a body
 * definition, no workspace) never run integrations at all.
 */
/** Anonymous previews (a body definition, no workspace) never reach the network or stored credentials: the info log saying so. */
export function anonymousPreviewSkip(type: string, ctx: BlockContext): ChatLog | undefined {
  if (!ctx.state.isPreview || ctx.state.workspaceId) return undefined;
  return { status: 'info', description: `The "${type}" block is skipped in an anonymous preview (no stored credentials, no network)` };
}

function skipLog(type: string, ctx: BlockContext): ChatLog {
  if (ctx.state.isPreview && type === 'Email') return { status: 'info', description: 'Emails are not sent in preview mode' };
  return anonymousPreviewSkip(type, ctx) ?? { status: 'error', description: `The "${type}" block is not supported yet by Parley: skipped` };
}

export function notYetSupported<T extends BlockType>(type: T, hooks: Partial<FlowHooks> = {}): LogicHandler<T> {
  return {
    options: NO_OPTIONS,
    ...hooks,
    category: 'integration',
    type,
    execute(_block, ctx) {
      ctx.log(skipLog(type, ctx));
      return { kind: 'next' };
    },
  };
}
