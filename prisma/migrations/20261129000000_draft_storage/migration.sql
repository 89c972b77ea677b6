-- Draft storage is bounded (docs/security.md#draft-storage): each draft, revision and logged change keeps its byte
-- size, so a workspace's total is a sum of columns; a restore's change names its revision instead of copying it.
ALTER TABLE "Bot" ADD COLUMN "draftSize" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BotDraftChange" ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BotDraftChange" ADD COLUMN "restoredRevision" INTEGER;
ALTER TABLE "BotSnapshot" ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0;
UPDATE "Bot" SET "draftSize" = length(CAST("draft" AS BLOB));
UPDATE "BotDraftChange" SET "size" = length(CAST("patch" AS BLOB));
UPDATE "BotSnapshot" SET "size" = length(CAST("definition" AS BLOB));
-- Changes and revisions of deleted (archived) bots are no longer kept.
DELETE FROM "BotDraftChange" WHERE "botId" IN (SELECT "id" FROM "Bot" WHERE "isArchived");
DELETE FROM "BotSnapshot" WHERE "botId" IN (SELECT "id" FROM "Bot" WHERE "isArchived");
-- The sums and the log's pages read these indexes alone, never the JSON beside them.
CREATE INDEX "Bot_workspaceId_isArchived_draftSize_idx" ON "Bot"("workspaceId", "isArchived", "draftSize");
CREATE INDEX "BotDraftChange_botId_version_size_restoredRevision_idx" ON "BotDraftChange"("botId", "version", "size", "restoredRevision");
CREATE INDEX "BotSnapshot_botId_size_idx" ON "BotSnapshot"("botId", "size");
