-- CreateTable
CREATE TABLE "SentEmail" (
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scope" TEXT NOT NULL,

    CONSTRAINT "SentEmail_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SentEmail_scope_idx" ON "SentEmail"("scope");

