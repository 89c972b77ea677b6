import type { ChatLog } from '../../wire';
import type { BlockContext } from '../handler';

/** An anonymous preview: a definition sent in the request, run without a workspace (no member's token). */
export function isAnonymousPreview(state: { isPreview: boolean; workspaceId: string }): boolean {
  return state.isPreview && !state.workspaceId;
}

/** Anonymous previews never reach the network or stored credentials: the info log saying so. */
export function anonymousPreviewSkip(type: string, ctx: BlockContext): ChatLog | undefined {
  if (!isAnonymousPreview(ctx.state)) return undefined;
  return {
    status: 'info',
    description: `The "${type}" block is skipped in an anonymous preview (no stored credentials, no network)`,
  };
}
