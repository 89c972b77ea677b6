-- CreateTable
CREATE TABLE "SentEmail" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scope" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "SentEmail_scope_idx" ON "SentEmail"("scope");

