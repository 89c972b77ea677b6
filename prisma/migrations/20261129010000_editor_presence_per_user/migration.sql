-- A tab is its user's and its key together: a key another user sends names another tab, never this one.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_BotEditorPresence" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL,
    "groupId" TEXT,
    "blockId" TEXT,

    PRIMARY KEY ("botId", "userId", "sessionKey"),
    CONSTRAINT "BotEditorPresence_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BotEditorPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_BotEditorPresence" ("blockId", "botId", "groupId", "seenAt", "sessionKey", "userId") SELECT "blockId", "botId", "groupId", "seenAt", "sessionKey", "userId" FROM "BotEditorPresence";
DROP TABLE "BotEditorPresence";
ALTER TABLE "new_BotEditorPresence" RENAME TO "BotEditorPresence";
CREATE INDEX "BotEditorPresence_botId_seenAt_idx" ON "BotEditorPresence"("botId", "seenAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

