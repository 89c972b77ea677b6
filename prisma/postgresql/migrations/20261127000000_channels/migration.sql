-- Messaging channels: the inbox of received events (one per provider message id), each conversation's state, and the outbox of provider requests to send.
-- CreateTable
CREATE TABLE "ChannelEvent" (
    "id" SERIAL NOT NULL,
    "credentialsId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedUntil" TIMESTAMP(3),
    "processedAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "ChannelEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChannelConversation" (
    "credentialsId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "botId" TEXT,
    "sessionId" TEXT,
    "lastActivityAt" TIMESTAMP(3) NOT NULL,
    "choices" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "ChannelConversation_pkey" PRIMARY KEY ("credentialsId","conversationKey")
);

-- CreateTable
CREATE TABLE "ChannelDelivery" (
    "id" SERIAL NOT NULL,
    "credentialsId" TEXT NOT NULL,
    "conversationKey" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,
    "resultId" TEXT,

    CONSTRAINT "ChannelDelivery_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ChannelEvent" ADD CONSTRAINT "ChannelEvent_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelConversation" ADD CONSTRAINT "ChannelConversation_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelDelivery" ADD CONSTRAINT "ChannelDelivery_credentialsId_fkey" FOREIGN KEY ("credentialsId") REFERENCES "Credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

