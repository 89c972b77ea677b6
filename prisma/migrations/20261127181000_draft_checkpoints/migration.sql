-- Draft checkpoints beside publishes: work never published has a history too. Existing revisions are publishes.
ALTER TABLE "BotSnapshot" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "BotSnapshot" ADD COLUMN "reason" TEXT;
ALTER TABLE "BotSnapshot" ADD COLUMN "note" TEXT;
