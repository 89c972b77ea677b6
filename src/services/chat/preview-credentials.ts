import type { PreviewCredentials, SessionState } from '../../engine/session';
import { EDITOR_ROLES, type WorkspaceRole } from '../access';

// Who may spend the workspace's stored credentials (AI keys: e-mails are never
// sent in a preview) in a preview (docs/security.md#previews-and-stored-credentials). A preview runs
// what its caller chose, so it may use them only when the caller could have
// published the same thing: an editor (ADMIN, MEMBER) previewing the draft as
// stored. A definition sent with the request is nobody's draft, and a GUEST
// may not change or publish the bot, so neither spends the workspace's
// accounts. Live chats run published revisions: they always may.

/** What a new preview may do with stored credentials. */
export function previewCredentials(input: { sentDefinition: boolean; role: WorkspaceRole | null }): PreviewCredentials {
  if (input.sentDefinition) return 'request-definition';
  return input.role && EDITOR_ROLES.includes(input.role) ? 'allowed' : 'guest';
}

const WHY: Record<Exclude<PreviewCredentials, 'allowed'>, string> = {
  'request-definition':
    'Stored credentials are not used when a preview runs a definition sent with the request: save it as the draft and preview the draft',
  guest: "Stored credentials are not used in a guest's preview: only the bot's editors spend the workspace's accounts",
};

/** Why this session's blocks may not use stored credentials, or null when they may. */
export function credentialsWithheld(state: Pick<SessionState, 'isPreview' | 'previewCredentials'>): string | null {
  if (!state.isPreview) return null;
  // A preview started before the field existed is treated as the strictest case: it may not.
  const use = state.previewCredentials ?? 'request-definition';
  return use === 'allowed' ? null : WHY[use];
}
