-- Who published each revision (the version history names them); older revisions have none.
-- AlterTable
ALTER TABLE "BotSnapshot" ADD COLUMN     "publishedById" TEXT;
