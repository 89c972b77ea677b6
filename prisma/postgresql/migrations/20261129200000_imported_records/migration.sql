-- CreateTable
CREATE TABLE "ImportedRecord" (
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "publishedDigest" TEXT,
    "targetVersion" INTEGER,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportedRecord_pkey" PRIMARY KEY ("kind","sourceId")
);

