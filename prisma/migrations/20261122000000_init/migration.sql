-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "image" TEXT
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    "userId" TEXT NOT NULL,
    CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "name" TEXT NOT NULL,
    "icon" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'FREE',
    "paymentProviderId" TEXT,
    "isSuspended" BOOLEAN NOT NULL DEFAULT false,
    "isPastDue" BOOLEAN NOT NULL DEFAULT false,
    "isVerified" BOOLEAN,
    "isQuarantined" BOOLEAN NOT NULL DEFAULT false,
    "customChatsLimit" INTEGER,
    "customSeatsLimit" INTEGER,
    "customStorageLimit" INTEGER
);

-- CreateTable
CREATE TABLE "MemberInWorkspace" (
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "role" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,

    PRIMARY KEY ("userId", "workspaceId"),
    CONSTRAINT "MemberInWorkspace_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MemberInWorkspace_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "paidAt" DATETIME NOT NULL,
    "providerId" TEXT,
    "workspaceId" TEXT NOT NULL,
    CONSTRAINT "Invoice_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Credentials" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "iv" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    CONSTRAINT "Credentials_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Bot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "name" TEXT NOT NULL,
    "icon" TEXT,
    "publicId" TEXT,
    "customDomain" TEXT,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "isClosed" BOOLEAN NOT NULL DEFAULT false,
    "version" TEXT NOT NULL,
    "draft" JSONB NOT NULL,
    "publishedRevision" INTEGER,
    "publishedAt" DATETIME,
    "lastRevision" INTEGER NOT NULL DEFAULT 0,
    "workspaceId" TEXT NOT NULL,
    CONSTRAINT "Bot_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BotSnapshot" (
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revision" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "botId" TEXT NOT NULL,

    PRIMARY KEY ("botId", "revision"),
    CONSTRAINT "BotSnapshot_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Result" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "variables" JSONB NOT NULL,
    "hasStarted" BOOLEAN NOT NULL DEFAULT false,
    "isCompleted" BOOLEAN NOT NULL DEFAULT false,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "lastChatSessionId" TEXT,
    "botId" TEXT NOT NULL,
    CONSTRAINT "Result_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Answer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "blockId" TEXT NOT NULL,
    "groupId" TEXT,
    "variableId" TEXT,
    "content" TEXT NOT NULL,
    "attachedFileUrls" JSONB,
    "resultId" TEXT NOT NULL,
    CONSTRAINT "Answer_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VisitedEdge" (
    "index" INTEGER NOT NULL,
    "edgeId" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,

    PRIMARY KEY ("resultId", "index"),
    CONSTRAINT "VisitedEdge_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SetVariableHistoryItem" (
    "index" INTEGER NOT NULL,
    "variableId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "blockIndex" INTEGER NOT NULL,
    "value" JSONB,
    "resultId" TEXT NOT NULL,

    PRIMARY KEY ("resultId", "index"),
    CONSTRAINT "SetVariableHistoryItem_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Log" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "details" TEXT,
    "context" TEXT,
    "resultId" TEXT,
    "sessionId" TEXT,
    CONSTRAINT "Log_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChatSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "state" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "claimedUntil" DATETIME,
    "isPreview" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" DATETIME,
    "botId" TEXT,
    "resultId" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_paymentProviderId_key" ON "Workspace"("paymentProviderId");

-- CreateIndex
CREATE INDEX "MemberInWorkspace_workspaceId_idx" ON "MemberInWorkspace"("workspaceId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_providerId_key" ON "Invoice"("providerId");

-- CreateIndex
CREATE INDEX "Invoice_workspaceId_paidAt_idx" ON "Invoice"("workspaceId", "paidAt");

-- CreateIndex
CREATE INDEX "Credentials_workspaceId_type_idx" ON "Credentials"("workspaceId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "Bot_publicId_key" ON "Bot"("publicId");

-- CreateIndex
CREATE UNIQUE INDEX "Bot_customDomain_key" ON "Bot"("customDomain");

-- CreateIndex
CREATE INDEX "Bot_workspaceId_isArchived_createdAt_idx" ON "Bot"("workspaceId", "isArchived", "createdAt");

-- CreateIndex
CREATE INDEX "Result_botId_createdAt_idx" ON "Result"("botId", "createdAt");

-- CreateIndex
CREATE INDEX "Result_botId_hasStarted_isArchived_createdAt_idx" ON "Result"("botId", "hasStarted", "isArchived", "createdAt");

-- CreateIndex
CREATE INDEX "Answer_resultId_createdAt_idx" ON "Answer"("resultId", "createdAt");

-- CreateIndex
CREATE INDEX "Answer_blockId_idx" ON "Answer"("blockId");

-- CreateIndex
CREATE INDEX "VisitedEdge_edgeId_idx" ON "VisitedEdge"("edgeId");

-- CreateIndex
CREATE INDEX "Log_resultId_createdAt_idx" ON "Log"("resultId", "createdAt");

-- CreateIndex
CREATE INDEX "Log_sessionId_idx" ON "Log"("sessionId");

-- CreateIndex
CREATE INDEX "ChatSession_expiresAt_idx" ON "ChatSession"("expiresAt");

-- CreateIndex
CREATE INDEX "ChatSession_resultId_idx" ON "ChatSession"("resultId");

