import type { BulkResultWriter } from '../../db/bulk-results';
import type { Db } from '../../db/client';
import type { TypebotSource } from '../../integrations/typebot/source';
import type { SecretBox } from '../credentials/secret-box';
import type { DraftBounds } from '../draft-bounds';
import type { ImportProgress, ImportReport } from './report';

// One run of the import: its options, what it has found so far (source ids
// → ids here, for the records that refer to them), and its report.

export interface ImportOptions {
  /** Read everything, write nothing: the report says what would be done. */
  dryRun: boolean;
  /** Typebot's ENCRYPTION_SECRET; without it credentials are skipped (and listed). */
  typebotSecret?: string;
  /** Writes results with their rows (needed unless dry). */
  resultWriter?: BulkResultWriter;
  /** Parley's credentials box: credentials are sealed with it. */
  secrets?: SecretBox;
  /** PARLEY_WORKSPACE_DRAFT_STORAGE_MB, in bytes. */
  storageBytes?: number;
  /** What a draft may hold (the server's PARLEY_DRAFT_* settings). */
  bounds?: DraftBounds;
}

/** A block's group, and the variable it saves to. */
export interface BlockPlace {
  groupId: string;
  variableId: string | null;
}

export interface ImportRun {
  db: Db;
  source: TypebotSource;
  options: ImportOptions;
  report: ImportReport;
  progress: ImportProgress;
  now: Date;
  /** Source id → id here, for each kind imported (or, dry, that would be). */
  users: Map<string, string>;
  workspaces: Map<string, string>;
  bots: Map<string, string>;
  /** Credentials here (imported, or, dry, that would be), by id (the same as Typebot's). */
  credentials: Set<string>;
  /** How many people Typebot shared each bot with (per-bot sharing, which Parley does not have), by source id. */
  sharedWith: Map<string, number>;
  /** Where each block of an imported bot is, by bot (source id) and block id. */
  blockPlaces: Map<string, Map<string, BlockPlace>>;
  /** Why a bot was not imported, by source id: its results are skipped for the same reason. */
  botsSkipped: Map<string, string>;
}
