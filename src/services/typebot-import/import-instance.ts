import type { Db } from '../../db/client';
import type { SourceFolder } from '../../integrations/typebot/rows';
import type { TypebotSource } from '../../integrations/typebot/source';
import { importBots } from './bots';
import { decryptAll, importCredentials } from './credentials';
import { importInvitations, importMembers, importUsers, importWorkspaces } from './people';
import { emptyReport, SILENT_PROGRESS, type ImportKind, type ImportProgress, type ImportReport } from './report';
import { importResults } from './results';
import type { ImportOptions, ImportRun } from './run';

// `parley import typebot`: a Typebot instance's users, workspaces, members,
// invitations, credentials, bots and results, in that order (each kind
// refers to the ones before), from one snapshot of its database. Every write
// is idempotent (docs/migrating-from-typebot.md): a second run imports what
// is new or changed, and one stopped in the middle is finished by the next.

async function each<T>(
  run: ImportRun,
  kind: ImportKind,
  total: number,
  batches: AsyncGenerator<T[]>,
  work: (batch: T[]) => Promise<void>,
): Promise<void> {
  run.progress.start(kind, total);
  let done = 0;
  for await (const batch of batches) {
    await work(batch);
    done += batch.length;
    run.progress.advance(kind, done);
  }
  run.progress.finish(kind);
}

/** Results written between two updates of the planner's statistics. */
const ANALYSE_EVERY = 200_000;

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  if (rows.length > 0) yield rows;
}

export async function importTypebotInstance(
  db: Db,
  source: TypebotSource,
  options: ImportOptions,
  progress: ImportProgress = SILENT_PROGRESS,
): Promise<ImportReport> {
  const run: ImportRun = {
    db,
    source,
    options,
    report: emptyReport(),
    progress,
    now: new Date(),
    users: new Map(),
    workspaces: new Map(),
    bots: new Map(),
    credentials: new Set(),
    botsSkipped: new Map(),
    blockPlaces: new Map(),
    sharedWith: new Map(),
  };
  const rows = await source.credentials();
  // Decrypted once, before the first write: a wrong secret stops the import there.
  const credentials = options.typebotSecret ? decryptAll(options.typebotSecret, rows) : rows.map((row) => ({ row }));
  const counts = await source.counts();
  await each(run, 'users', counts.users, source.users(), (batch) => importUsers(run, batch));
  await each(run, 'workspaces', counts.workspaces, source.workspaces(), (batch) => importWorkspaces(run, batch));
  await each(run, 'members', counts.members, source.members(), (batch) => importMembers(run, batch));
  await each(run, 'invitations', counts.invitations, source.invitations(), (batch) => importInvitations(run, batch));
  await each(run, 'credentials', credentials.length, once(credentials), (batch) => importCredentials(run, batch));
  for await (const batch of source.collaborators())
    for (const { typebotId } of batch) run.sharedWith.set(typebotId, (run.sharedWith.get(typebotId) ?? 0) + 1);
  const folders = new Map<string, SourceFolder>((await source.folders()).map((folder) => [folder.id, folder]));
  await each(run, 'bots', counts.bots, source.bots(), (batch) => importBots(run, batch, folders));
  let sinceAnalysed = 0;
  await each(run, 'results', counts.results, source.results(), async (batch) => {
    await importResults(run, batch);
    sinceAnalysed += batch.length;
    // Statistics of the tables being filled, every so often and at the end: the lookups stay indexed.
    if (sinceAnalysed >= ANALYSE_EVERY) {
      sinceAnalysed = 0;
      await options.resultWriter?.analyze();
    }
  });
  await options.resultWriter?.analyze();
  return run.report;
}
