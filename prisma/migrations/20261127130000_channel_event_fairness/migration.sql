-- Channel fairness: the processor goes round the connections with pending events, and a webhook counts its connection's pending events (its cap); both read pending events by connection.
-- CreateIndex
CREATE INDEX "ChannelEvent_status_credentialsId_id_idx" ON "ChannelEvent"("status", "credentialsId", "id");
