-- Replies an input refused, kept for the result's transcript (not read by exports, results or analytics).
-- CreateTable
CREATE TABLE "RejectedAnswer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "blockId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,
    CONSTRAINT "RejectedAnswer_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RejectedAnswer_resultId_createdAt_idx" ON "RejectedAnswer"("resultId", "createdAt");

