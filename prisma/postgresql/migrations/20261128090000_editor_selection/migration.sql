-- Who is where: the group or block each editor tab has selected.
-- AlterTable
ALTER TABLE "BotEditorPresence" ADD COLUMN     "groupId" TEXT,
ADD COLUMN     "blockId" TEXT;
