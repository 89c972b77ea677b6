-- Draft checkpoints beside publishes: work never published has a history too. Existing revisions are publishes.
-- AlterTable
ALTER TABLE "BotSnapshot" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'published',
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "note" TEXT;
