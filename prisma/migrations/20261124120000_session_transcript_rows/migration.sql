-- CreateTable
CREATE TABLE "ChatSessionTranscriptTurn" (
    "sessionId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "turn" TEXT NOT NULL,

    PRIMARY KEY ("sessionId", "index"),
    CONSTRAINT "ChatSessionTranscriptTurn_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ChatSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

