-- The draft's change log: each save's patch, by version, for editors that have the bot open (docs/co-editing.md).
-- CreateTable
CREATE TABLE "BotDraftChange" (
    "botId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "authorId" TEXT,
    "clientKey" TEXT,
    "patch" JSONB NOT NULL,

    PRIMARY KEY ("botId", "version"),
    CONSTRAINT "BotDraftChange_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
