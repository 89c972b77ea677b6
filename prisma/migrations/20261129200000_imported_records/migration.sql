-- CreateTable
CREATE TABLE "ImportedRecord" (
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "publishedDigest" TEXT,
    "targetVersion" INTEGER,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("kind", "sourceId")
);

