-- CreateTable
CREATE TABLE "ChatSessionTranscriptTurn" (
    "sessionId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "turn" TEXT NOT NULL,

    CONSTRAINT "ChatSessionTranscriptTurn_pkey" PRIMARY KEY ("sessionId","index")
);

-- AddForeignKey
ALTER TABLE "ChatSessionTranscriptTurn" ADD CONSTRAINT "ChatSessionTranscriptTurn_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ChatSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

