-- AlterTable
ALTER TABLE "User" ADD COLUMN     "passwordHash" TEXT;

-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "csrfHash" TEXT NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userId" TEXT NOT NULL,

    CONSTRAINT "ConsoleSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInLink" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "SignInLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleSession_tokenHash_key" ON "ConsoleSession"("tokenHash");

-- CreateIndex
CREATE INDEX "ConsoleSession_userId_idx" ON "ConsoleSession"("userId");

-- CreateIndex
CREATE INDEX "ConsoleSession_expiresAt_idx" ON "ConsoleSession"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "SignInLink_tokenHash_key" ON "SignInLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SignInLink_userId_idx" ON "SignInLink"("userId");

-- AddForeignKey
ALTER TABLE "ConsoleSession" ADD CONSTRAINT "ConsoleSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SignInLink" ADD CONSTRAINT "SignInLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
