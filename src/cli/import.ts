import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { openBulkResultWriter } from '../db/bulk-results';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { typebotSecretProblem } from '../integrations/typebot/credentials-cipher';
import { openTypebotSource } from '../integrations/typebot/source';
import { createSecretBox, loadEncryptionKey } from '../services/credentials/secret-box';
import { configuredDraftBounds } from '../services/draft-bounds';
import { importTypebotInstance } from '../services/typebot-import/import-instance';
import {
  IMPORT_KINDS,
  skippedCount,
  type ImportKind,
  type ImportProgress,
  type ImportReport,
} from '../services/typebot-import/report';
import { limitHeapGrowth } from './heap-growth';
import { UsageError } from './usage';
import { IMPORT_USAGE } from './usage-texts';

// `parley import typebot`: the command line around the import service
// (services/typebot-import/): options, Parley's database and key, a progress
// bar per kind on a terminal (one line per kind otherwise), the summary.

const LABELS: Record<ImportKind, string> = {
  users: 'Users',
  workspaces: 'Workspaces',
  members: 'Members',
  invitations: 'Invitations',
  credentials: 'Credentials',
  bots: 'Bots',
  results: 'Results',
};

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** Bars on a terminal: count, rate and time left per kind. */
function terminalProgress(): ImportProgress & { stop(): void } {
  const bars = new cliProgress.MultiBar(
    {
      format: '{label} {bar} {value}/{total} | {rate}/s | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
      autopadding: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const open = new Map<ImportKind, { bar: cliProgress.SingleBar; started: number }>();
  let stopped = false;
  return {
    start(kind, total) {
      open.set(kind, {
        bar: bars.create(Math.max(total, 0), 0, { label: LABELS[kind].padEnd(11), rate: 0 }),
        started: Date.now(),
      });
    },
    advance(kind, done) {
      const entry = open.get(kind);
      if (!entry) return;
      const elapsed = (Date.now() - entry.started) / 1000;
      if (done > entry.bar.getTotal()) entry.bar.setTotal(done);
      entry.bar.update(done, { rate: elapsed > 0 ? Math.round(done / elapsed) : 0 });
    },
    finish(kind) {
      const entry = open.get(kind);
      if (!entry) return;
      // A kind with nothing to read shows complete rather than empty.
      if (entry.bar.getTotal() === 0) {
        entry.bar.setTotal(1);
        entry.bar.update(1);
      }
      entry.bar.stop();
    },
    stop() {
      // A second stop would move the cursor up over what was printed since.
      if (stopped) return;
      stopped = true;
      bars.stop();
    },
  };
}

/** A line per kind when it is done (logs, pipes). */
function lineProgress(): ImportProgress & { stop(): void } {
  const started = new Map<ImportKind, { at: number; done: number }>();
  return {
    start: (kind) => started.set(kind, { at: Date.now(), done: 0 }),
    advance: (kind, done) => {
      const entry = started.get(kind);
      if (entry) entry.done = done;
    },
    finish(kind) {
      const entry = started.get(kind)!;
      const ms = Date.now() - entry.at;
      const rate = ms > 0 ? Math.round((entry.done * 1000) / ms) : entry.done;
      console.log(`${LABELS[kind]}: ${entry.done} read in ${seconds(ms)} (${rate}/s)`);
    },
    stop: () => undefined,
  };
}

/** The summary: counts per kind, then every reason something was skipped or left behind, with examples. */
export function formatReport(report: ImportReport, dryRun: boolean): string {
  const lines: string[] = [dryRun ? 'Dry run: nothing was written. The import would do this:' : 'Imported:'];
  const verb = dryRun ? 'to import' : 'imported';
  for (const kind of IMPORT_KINDS) {
    const entry = report[kind];
    const parts = [`${entry.imported} ${verb}`];
    if (entry.updated) parts.push(`${entry.updated} ${dryRun ? 'to update' : 'updated'}`);
    if (entry.unchanged) parts.push(`${entry.unchanged} already here`);
    const skipped = skippedCount(entry);
    if (skipped) parts.push(`${skipped} skipped`);
    lines.push(`  ${LABELS[kind].padEnd(12)} ${parts.join(', ')}`);
  }
  for (const kind of IMPORT_KINDS) {
    for (const reason of report[kind].skipped)
      lines.push(`${LABELS[kind]} skipped (${reason.count}): ${reason.why}. E.g. ${reason.examples.join(', ')}`);
    for (const reason of report[kind].notes)
      lines.push(`${LABELS[kind]} with a note (${reason.count}): ${reason.why}. E.g. ${reason.examples.join(', ')}`);
  }
  if (report.users.imported > 0)
    lines.push(
      `${dryRun ? 'Users imported will have' : 'Imported users have'} no password (Typebot signs in by e-mailed links and OAuth): ` +
        'they sign in with an e-mailed link (with PARLEY_SMTP_HOST set), or an operator sets one: parley users set-password --email ADDRESS',
    );
  return lines.join('\n');
}

async function importTypebot(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      database: { type: 'string' },
      'encryption-secret': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const databaseUrl = values.database ?? process.env.TYPEBOT_DATABASE_URL;
  if (!databaseUrl) throw new UsageError(`--database is required (Typebot's PostgreSQL URL)\n${IMPORT_USAGE}`);
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('--database must be a postgresql:// URL: Typebot keeps its data in PostgreSQL');
  const typebotSecret = values['encryption-secret'] ?? process.env.TYPEBOT_ENCRYPTION_SECRET;
  if (typebotSecret !== undefined) {
    const problem = typebotSecretProblem(typebotSecret);
    if (problem) throw new UsageError(`--encryption-secret ${problem}`);
  }
  const dryRun = values['dry-run'];
  const config = loadConfig();
  // Like a server's: a million results read and written leave garbage V8 would let pile up.
  limitHeapGrowth(config.server.heapGrowthPercent);
  const source = await openTypebotSource(databaseUrl);
  const database = openDatabase(config.database.url);
  const progress = process.stdout.isTTY ? terminalProgress() : lineProgress();
  try {
    console.log(
      `${dryRun ? 'Reading (dry run)' : 'Importing'} a Typebot database at migration ${source.migration} into ${database.provider === 'sqlite' ? database.target.location : 'PostgreSQL'}`,
    );
    await migrate(database.target);
    // The key is read only when credentials will be sealed (a dry run writes nothing, not even a key file).
    const secrets =
      typebotSecret && !dryRun
        ? createSecretBox(
            loadEncryptionKey(
              {
                configured: config.credentials.encryptionKey,
                dataDirectory: database.provider === 'sqlite' ? path.dirname(database.target.location) : undefined,
              },
              console.log,
            ),
          )
        : undefined;
    const resultWriter = dryRun ? undefined : openBulkResultWriter(database.target);
    const report = await importTypebotInstance(
      database.db,
      source,
      {
        dryRun,
        typebotSecret,
        secrets,
        resultWriter,
        storageBytes: config.drafts.workspaceStorageBytes,
        bounds: configuredDraftBounds(config),
      },
      progress,
    ).finally(() => resultWriter?.close());
    progress.stop();
    console.log(formatReport(report, dryRun));
  } finally {
    progress.stop();
    await source.close();
    await database.close();
  }
}

export async function importCommand(args: string[]): Promise<void> {
  const [what, ...rest] = args;
  if (what === 'typebot') return importTypebot(rest);
  throw new UsageError(IMPORT_USAGE);
}
