-- CreateIndex
CREATE INDEX "ChannelConversation_sessionId_idx" ON "ChannelConversation"("sessionId");
