-- Editor tabs open on a bot, kept alive by heartbeats (who else is editing); stale rows are swept by the readers.
-- CreateTable
CREATE TABLE "BotEditorPresence" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL,

    PRIMARY KEY ("botId", "sessionKey"),
    CONSTRAINT "BotEditorPresence_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BotEditorPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BotEditorPresence_botId_seenAt_idx" ON "BotEditorPresence"("botId", "seenAt");
