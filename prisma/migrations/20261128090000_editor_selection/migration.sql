-- Who is where: the group or block each editor tab has selected.
ALTER TABLE "BotEditorPresence" ADD COLUMN "groupId" TEXT;
ALTER TABLE "BotEditorPresence" ADD COLUMN "blockId" TEXT;
