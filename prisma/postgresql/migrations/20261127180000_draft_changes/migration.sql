-- The draft's change log: each save's patch, by version, for editors that have the bot open (docs/co-editing.md).
-- CreateTable
CREATE TABLE "BotDraftChange" (
    "botId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "authorId" TEXT,
    "clientKey" TEXT,
    "patch" JSONB NOT NULL,

    CONSTRAINT "BotDraftChange_pkey" PRIMARY KEY ("botId","version")
);

-- AddForeignKey
ALTER TABLE "BotDraftChange" ADD CONSTRAINT "BotDraftChange_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
