-- Handoff: conversations handed to a person and their messages (docs/handoff.md).
-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspaceId" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "resultId" TEXT,
    "sessionId" TEXT NOT NULL,
    "openSessionId" TEXT,
    "blockId" TEXT NOT NULL,
    "team" TEXT,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "channel" TEXT NOT NULL,
    "assigneeId" TEXT,
    "waitingSince" DATETIME NOT NULL,
    "timeoutAt" DATETIME NOT NULL,
    "takenAt" DATETIME,
    "endedAt" DATETIME,
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "visitorSeq" INTEGER NOT NULL DEFAULT 0,
    "endingUntil" DATETIME,
    "releaseGroupId" TEXT,
    "transcriptLines" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Conversation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conversation_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conversation_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "conversationId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "authorKind" TEXT NOT NULL,
    "authorId" TEXT,
    "authorName" TEXT,
    "text" TEXT NOT NULL,
    "event" TEXT,
    "response" TEXT,
    "clientKey" TEXT,

    PRIMARY KEY ("conversationId", "seq"),
    CONSTRAINT "ConversationMessage_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_openSessionId_key" ON "Conversation"("openSessionId");

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_status_waitingSince_idx" ON "Conversation"("workspaceId", "status", "waitingSince");

-- CreateIndex
CREATE INDEX "Conversation_status_timeoutAt_idx" ON "Conversation"("status", "timeoutAt");

-- CreateIndex
CREATE INDEX "Conversation_botId_waitingSince_idx" ON "Conversation"("botId", "waitingSince");

-- CreateIndex
CREATE INDEX "Conversation_sessionId_idx" ON "Conversation"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_conversationId_clientKey_key" ON "ConversationMessage"("conversationId", "clientKey");

