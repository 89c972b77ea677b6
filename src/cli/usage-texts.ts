import { Plan } from '../db/generated/sqlite/enums';

// The commands' usage lines, apart from the commands: `parley help` and a
// mistyped command print them without loading the services and the database
// client behind each command (a cluster's primary stays small).

export const INVOICES_USAGE =
  'parley invoices add --workspace W --amount CENTS --currency usd --url URL --date ISO_OR_UNIX_SECONDS [--provider-id ID]';

export const TOKENS_USAGE = `parley tokens create --email E [--name N] [--workspace W --role ADMIN|MEMBER|GUEST]
parley tokens revoke TOKEN_ID`;

export const USERS_USAGE = `parley users set-password --email E   reads the new console password from standard input (typed twice on a terminal)`;

export const WORKSPACES_USAGE = `parley workspaces update WORKSPACE_ID [--plan ${Object.values(Plan).join('|')}]
  [--custom-chats-limit N|none] [--custom-seats-limit N|none] [--suspended true|false]
  [--past-due true|false] [--verified true|false|none] [--quarantined true|false] [--payment-provider-id ID|none]`;

export const MCP_USAGE = `parley mcp                   serve AI assistants over stdio (Model Context Protocol) as the user of the API token in PARLEY_TOKEN`;

export const IMPORT_USAGE = `parley import typebot --database TYPEBOT_POSTGRES_URL [--encryption-secret SECRET] [--dry-run]
                             copy a Typebot instance here (docs/migrating-from-typebot.md); TYPEBOT_DATABASE_URL and
                             TYPEBOT_ENCRYPTION_SECRET may stand for the options (kept out of the process list)`;
