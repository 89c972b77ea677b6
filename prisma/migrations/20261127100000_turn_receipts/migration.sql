-- Turn receipts: a chat turn's answer kept under its caller's key, so a turn asked again (a channel event taken up after a crash) is answered, not run twice.
-- CreateTable
CREATE TABLE "TurnReceipt" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "response" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

