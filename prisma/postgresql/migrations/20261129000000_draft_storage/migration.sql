-- Draft storage is bounded (docs/security.md#draft-storage): each draft, revision and logged change keeps its byte
-- size, so a workspace's total is a sum of columns; a restore's change names its revision instead of copying it.
ALTER TABLE "Bot" ADD COLUMN "draftSize" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BotDraftChange" ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "restoredRevision" INTEGER;
ALTER TABLE "BotSnapshot" ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0;
-- jsonb's text has a space after each ':' and ',': a little more than the server's own count, never less.
UPDATE "Bot" SET "draftSize" = octet_length("draft"::text);
UPDATE "BotDraftChange" SET "size" = octet_length("patch"::text);
UPDATE "BotSnapshot" SET "size" = octet_length("definition"::text);
-- Changes and revisions of deleted (archived) bots are no longer kept.
DELETE FROM "BotDraftChange" WHERE "botId" IN (SELECT "id" FROM "Bot" WHERE "isArchived");
DELETE FROM "BotSnapshot" WHERE "botId" IN (SELECT "id" FROM "Bot" WHERE "isArchived");
-- The sums and the log's pages read these indexes alone, never the JSON beside them.
CREATE INDEX "Bot_workspaceId_isArchived_draftSize_idx" ON "Bot"("workspaceId", "isArchived", "draftSize");
CREATE INDEX "BotDraftChange_botId_version_size_restoredRevision_idx" ON "BotDraftChange"("botId", "version", "size", "restoredRevision");
CREATE INDEX "BotSnapshot_botId_size_idx" ON "BotSnapshot"("botId", "size");
