-- What each save put in the objects it changed (src/engine/shapes/draft-words.ts): a later save by someone
-- else is an overwrite (a checkpoint first) only when it replaces those words. Null for saves before it.
ALTER TABLE "BotDraftChange" ADD COLUMN "words" JSONB;
