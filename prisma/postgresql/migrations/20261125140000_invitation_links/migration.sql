-- Invitation links: a person without an account creates theirs with the link
-- (e-mailed, or shown to the inviter when the server sends no e-mail).
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailUnproven" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "linkShown" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

