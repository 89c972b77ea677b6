-- Every process caches the bots that live chats start, by public id (src/db/chat-store/public-bot-cache.ts).
-- Whoever changes what a chat start reads of a bot or its workspace (a server, another server, the CLI, an
-- operator's SQL), its commit tells every process on this channel, and they forget what they cached.
CREATE FUNCTION "parley_publication_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_publication', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "Bot_publication_updated" AFTER UPDATE ON "Bot" FOR EACH ROW
  WHEN (OLD."publicId" IS DISTINCT FROM NEW."publicId"
    OR OLD."publishedRevision" IS DISTINCT FROM NEW."publishedRevision"
    OR OLD."publishedAt" IS DISTINCT FROM NEW."publishedAt"
    OR OLD."isArchived" IS DISTINCT FROM NEW."isArchived"
    OR OLD."isClosed" IS DISTINCT FROM NEW."isClosed"
    OR OLD."workspaceId" IS DISTINCT FROM NEW."workspaceId")
  EXECUTE FUNCTION "parley_publication_changed"();

CREATE TRIGGER "Bot_publication_deleted" AFTER DELETE ON "Bot" FOR EACH ROW
  EXECUTE FUNCTION "parley_publication_changed"();

CREATE TRIGGER "Workspace_publication_updated" AFTER UPDATE ON "Workspace" FOR EACH ROW
  WHEN (OLD."isSuspended" IS DISTINCT FROM NEW."isSuspended"
    OR OLD."isQuarantined" IS DISTINCT FROM NEW."isQuarantined"
    OR OLD."plan" IS DISTINCT FROM NEW."plan"
    OR OLD."customChatsLimit" IS DISTINCT FROM NEW."customChatsLimit")
  EXECUTE FUNCTION "parley_publication_changed"();

CREATE TRIGGER "Workspace_publication_deleted" AFTER DELETE ON "Workspace" FOR EACH ROW
  EXECUTE FUNCTION "parley_publication_changed"();
