-- Editor tabs open on a bot, kept alive by heartbeats (who else is editing); stale rows are swept by the readers.
-- CreateTable
CREATE TABLE "BotEditorPresence" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotEditorPresence_pkey" PRIMARY KEY ("botId","sessionKey")
);

-- CreateIndex
CREATE INDEX "BotEditorPresence_botId_seenAt_idx" ON "BotEditorPresence"("botId", "seenAt");

-- AddForeignKey
ALTER TABLE "BotEditorPresence" ADD CONSTRAINT "BotEditorPresence_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotEditorPresence" ADD CONSTRAINT "BotEditorPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

