// What an import did (or, dry, would do), kind by kind: the summary the
// command prints. Skips are counted by reason with a few examples each, so
// a million results skipped for one reason stay one line.

export const IMPORT_KINDS = [
  'users',
  'workspaces',
  'members',
  'invitations',
  'credentials',
  'bots',
  'results',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const EXAMPLES_KEPT = 5;

export interface SkipReason {
  why: string;
  count: number;
  /** A few of the records skipped for it (name and id). */
  examples: string[];
}

export interface KindReport {
  /** New here. */
  imported: number;
  /** Here from an earlier run, brought up to date with what changed in Typebot since. */
  updated: number;
  /** Here already, as they are in Typebot (or a user whose address already had an account). */
  unchanged: number;
  skipped: SkipReason[];
  /** Imported, with something that did not come along (said in words). */
  notes: SkipReason[];
}

export type ImportReport = Record<ImportKind, KindReport>;

export function emptyReport(): ImportReport {
  return Object.fromEntries(
    IMPORT_KINDS.map((kind) => [kind, { imported: 0, updated: 0, unchanged: 0, skipped: [], notes: [] }]),
  ) as unknown as ImportReport;
}

function tally(list: SkipReason[], why: string, example: string, count: number): void {
  let entry = list.find((reason) => reason.why === why);
  if (!entry) list.push((entry = { why, count: 0, examples: [] }));
  entry.count += count;
  if (entry.examples.length < EXAMPLES_KEPT) entry.examples.push(example);
}

export function skip(report: KindReport, why: string, example: string, count = 1): void {
  tally(report.skipped, why, example, count);
}

export function note(report: KindReport, why: string, example: string): void {
  tally(report.notes, why, example, 1);
}

export function skippedCount(report: KindReport): number {
  return report.skipped.reduce((sum, reason) => sum + reason.count, 0);
}

/** How a progress display follows the import: a total per kind, then steps. */
export interface ImportProgress {
  start(kind: ImportKind, total: number): void;
  advance(kind: ImportKind, done: number): void;
  finish(kind: ImportKind): void;
}

export const SILENT_PROGRESS: ImportProgress = { start() {}, advance() {}, finish() {} };
