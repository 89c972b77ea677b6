import type { ChatLog } from '../../types';
import type { BlockContext } from '../handler';

/** Anonymous previews (a body definition, no workspace) never reach the network or stored credentials: the info log saying so. */
export function anonymousPreviewSkip(type: string, ctx: BlockContext): ChatLog | undefined {
  if (!ctx.state.isPreview || ctx.state.workspaceId) return undefined;
  return { status: 'info', description: `The "${type}" block is skipped in an anonymous preview (no stored credentials, no network)` };
}
