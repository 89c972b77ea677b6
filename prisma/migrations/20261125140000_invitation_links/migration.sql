-- Invitation links: a person without an account creates theirs with the link
-- (e-mailed, or shown to the inviter when the server sends no e-mail).
ALTER TABLE "User" ADD COLUMN "emailUnproven" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Invitation" ADD COLUMN "tokenHash" TEXT;
ALTER TABLE "Invitation" ADD COLUMN "linkShown" BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");
