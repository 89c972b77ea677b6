-- A tab is its user's and its key together: a key another user sends names another tab, never this one.
-- AlterTable
ALTER TABLE "BotEditorPresence" DROP CONSTRAINT "BotEditorPresence_pkey",
ADD CONSTRAINT "BotEditorPresence_pkey" PRIMARY KEY ("botId", "userId", "sessionKey");

