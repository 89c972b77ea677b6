-- Turn receipts: a chat turn's answer kept under its caller's key, so a turn asked again (a channel event taken up after a crash) is answered, not run twice.
-- CreateTable
CREATE TABLE "TurnReceipt" (
    "key" TEXT NOT NULL,
    "response" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TurnReceipt_pkey" PRIMARY KEY ("key")
);

