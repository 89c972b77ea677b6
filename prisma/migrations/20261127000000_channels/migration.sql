-- Messaging channels: the inbox of received events (one per provider message id), each conversation's state, and the outbox of provider requests to send.
-- CreateTable
CREATE TABLE "ChannelEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "credentialsId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedUntil" DATETIME,
    "processedAt" DATETIME,
    "error" TEXT,
    CONSTRAINT "ChannelEvent_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChannelConversation" (
    "credentialsId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "botId" TEXT,
    "sessionId" TEXT,
    "lastActivityAt" DATETIME NOT NULL,
    "choices" TEXT NOT NULL DEFAULT '{}',

    PRIMARY KEY ("credentialsId", "conversationKey"),
    CONSTRAINT "ChannelConversation_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChannelDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "credentialsId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "sentAt" DATETIME,
    "error" TEXT,
    "resultId" TEXT,
    CONSTRAINT "ChannelDelivery_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ChannelEvent_status_id_idx" ON "ChannelEvent"("status", "id");

-- CreateIndex
CREATE INDEX "ChannelEvent_credentialsId_conversationKey_status_idx" ON "ChannelEvent"("credentialsId", "conversationKey", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelEvent_credentialsId_externalId_key" ON "ChannelEvent"("credentialsId", "externalId");

-- CreateIndex
CREATE INDEX "ChannelDelivery_status_nextAttemptAt_idx" ON "ChannelDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ChannelDelivery_credentialsId_conversationKey_status_idx" ON "ChannelDelivery"("credentialsId", "conversationKey", "status");

