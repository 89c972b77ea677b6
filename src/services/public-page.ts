import type { Db } from '../db/client';
import { loadSnapshot, prismaSnapshots } from './chat/bot-loader';

/** What the public chat page of a bot needs to render its <head> (and whether it exists at all). */
export interface PublicChatPage {
  publicId: string;
  name: string;
  /** settings.metadata of the published revision (title, description, imageUrl, favIconUrl, customHeadCode). */
  metadata: Record<string, unknown>;
  /** customHeadCode is honoured only off the FREE plan (as the reference). */
  allowsCustomHeadCode: boolean;
}

/**
 * The page of a published, public bot; null when there is none to show: unknown,
 * archived or never published, closed workspace, or settings.publicShare.isEnabled false.
 */
export async function publicChatPage(db: Db, publicId: string): Promise<PublicChatPage | null> {
  const row = await db.bot.findUnique({
    where: { publicId },
    include: { workspace: { select: { plan: true, isSuspended: true, isQuarantined: true } } },
  });
  if (!row || row.isArchived || row.publishedRevision === null) return null;
  if (row.workspace.isSuspended || row.workspace.isQuarantined) return null;
  const bot = await loadSnapshot(prismaSnapshots(db), row.id, row.publishedRevision);
  if (!bot) return null;
  const publicShare = bot.settings.publicShare as { isEnabled?: unknown } | undefined;
  if (publicShare?.isEnabled === false) return null;
  const metadata = bot.settings.metadata;
  return {
    publicId,
    name: row.name,
    metadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {},
    allowsCustomHeadCode: row.workspace.plan !== 'FREE',
  };
}
