-- Handoff: conversations handed to a person and their messages (docs/handoff.md).
-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL,
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
    "waitingSince" TIMESTAMP(3) NOT NULL,
    "timeoutAt" TIMESTAMP(3) NOT NULL,
    "takenAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "visitorSeq" INTEGER NOT NULL DEFAULT 0,
    "endingUntil" TIMESTAMP(3),
    "releaseGroupId" TEXT,
    "transcriptLines" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "conversationId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "authorKind" TEXT NOT NULL,
    "authorId" TEXT,
    "authorName" TEXT,
    "text" TEXT NOT NULL,
    "event" TEXT,
    "response" TEXT,
    "clientKey" TEXT,

    CONSTRAINT "ConversationMessage_pkey" PRIMARY KEY ("conversationId","seq")
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

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

