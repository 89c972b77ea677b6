-- The CSRF token is derived from the session cookie by the HTTP layer: no hash of it is kept.
ALTER TABLE "ConsoleSession" DROP COLUMN "csrfHash";
