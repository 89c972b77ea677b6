-- Replies an input refused, kept for the result's transcript (not read by exports, results or analytics).
-- CreateTable
CREATE TABLE "RejectedAnswer" (
    "id" SERIAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "blockId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,

    CONSTRAINT "RejectedAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RejectedAnswer_resultId_createdAt_idx" ON "RejectedAnswer"("resultId", "createdAt");

-- AddForeignKey
ALTER TABLE "RejectedAnswer" ADD CONSTRAINT "RejectedAnswer_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result"("id") ON DELETE CASCADE ON UPDATE CASCADE;

