-- Edits of a bot are counted, so two editors never overwrite each other silently.
ALTER TABLE "Bot" ADD COLUMN "draftVersion" INTEGER NOT NULL DEFAULT 0;
