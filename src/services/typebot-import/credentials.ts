import { isRecord } from '../../engine/json';
import { decryptTypebotCredentials } from '../../integrations/typebot/credentials-cipher';
import type { SourceCredentials } from '../../integrations/typebot/rows';
import { credentialSchemas, isCredentialsType, type CredentialsType } from '../credentials/types';
import { digestOf, recordsOf, saveRecord } from './records';
import { skip } from './report';
import type { ImportRun } from './run';

// Credentials: decrypted with Typebot's secret, turned into what Parley's
// kind of the same name holds, checked as a builder's would be, sealed with
// Parley's key. They keep their ids, which bots' blocks name.

/** Thrown before anything is written: the secret opens none of the instance's credentials. */
export class WrongSecretError extends Error {}

type Mapped = { type: CredentialsType; data: unknown } | { why: string };

/** Typebot's data for a kind, as Parley's kind holds it. */
function mapCredentials(type: string, data: unknown): Mapped {
  if (!isRecord(data)) return { why: 'its decrypted data is not an object' };
  if (type === 'stripe') {
    const live = isRecord(data.live) ? data.live : {};
    return { type: 'stripe', data: { secretKey: live.secretKey, publicKey: live.publicKey } };
  }
  if (type === 'whatsApp') {
    if (data.provider === '360dialog') return { why: 'Parley connects WhatsApp through Meta only (this is 360dialog)' };
    if (!data.appSecret || !data.wabaId)
      return {
        why: 'Parley checks the signature of every WhatsApp webhook with the app secret, and needs the business account id: add this number in the console',
      };
    return {
      type: 'whatsApp',
      data: {
        phoneNumberId: data.phoneNumberId,
        businessAccountId: data.wabaId,
        accessToken: data.systemUserAccessToken,
        appSecret: data.appSecret,
      },
    };
  }
  if (type === 'google sheets') return { why: 'Parley has no Google Sheets integration' };
  if (type === 'http proxy') return { why: 'Parley has no HTTP proxy credentials' };
  if (!isCredentialsType(type) || type === 'http' || type === 'telegram')
    return { why: `Parley has no "${type}" integration` };
  return { type, data };
}

function issuesText(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || 'data'} ${issue.message}`).join('; ');
}

/** A credentials row with what it decrypted to, or why it did not (neither without a secret). */
export interface Decrypted {
  row: SourceCredentials;
  data?: unknown;
  error?: string;
}

/** Decrypts every row; a secret that opens none of them (when there are some) is the wrong secret. */
export function decryptAll(secret: string, rows: SourceCredentials[]): Decrypted[] {
  const decrypted = rows.map((row): Decrypted => {
    try {
      return { row, data: decryptTypebotCredentials(secret, row) };
    } catch (error) {
      return { row, error: (error as Error).message };
    }
  });
  if (rows.length > 0 && decrypted.every((entry) => entry.error !== undefined))
    throw new WrongSecretError(
      `The encryption secret opens none of the ${rows.length} credentials: it is not this Typebot's ENCRYPTION_SECRET. Nothing was imported.`,
    );
  return decrypted;
}

export async function importCredentials(run: ImportRun, entries: Decrypted[]): Promise<void> {
  const { db, report, options } = run;
  const rows = entries.map((entry) => entry.row);
  const secret = options.typebotSecret;
  if (!secret) {
    for (const row of rows)
      skip(report.credentials, 'no --encryption-secret was given', `${row.type} "${row.name}" (${row.id})`);
    return;
  }
  const records = await recordsOf(
    db,
    'credentials',
    rows.map((row) => row.id),
  );
  const taken = new Set(
    (await db.credentials.findMany({ where: { id: { in: rows.map((row) => row.id) } }, select: { id: true } })).map(
      (row) => row.id,
    ),
  );
  for (const { row, data, error } of entries) {
    const example = `${row.type} "${row.name}" (${row.id})`;
    const workspaceId = run.workspaces.get(row.workspaceId);
    if (!workspaceId) {
      skip(report.credentials, 'its workspace was not imported', example);
      continue;
    }
    if (error !== undefined) {
      skip(report.credentials, `it does not decrypt with the given secret (${error})`, example);
      continue;
    }
    const mapped = mapCredentials(row.type, data);
    if ('why' in mapped) {
      skip(report.credentials, mapped.why, example);
      continue;
    }
    const parsed = credentialSchemas[mapped.type].safeParse(mapped.data);
    if (!parsed.success) {
      skip(report.credentials, `Parley would refuse it: ${issuesText(parsed.error)}`, example);
      continue;
    }
    const digest = digestOf({ type: row.type, name: row.name, data });
    const record = records.get(row.id);
    if (record && taken.has(record.targetId) && record.digest === digest) {
      run.credentials.add(row.id);
      report.credentials.unchanged += 1;
      continue;
    }
    if (!record && taken.has(row.id)) {
      skip(report.credentials, 'a credential here already has its id', example);
      continue;
    }
    if (record && !taken.has(record.targetId)) {
      skip(report.credentials, 'it was imported before and deleted here since', example);
      continue;
    }
    if (record) report.credentials.updated += 1;
    else report.credentials.imported += 1;
    run.credentials.add(row.id);
    if (options.dryRun) continue;
    if (!options.secrets) throw new Error('the credentials key is needed to import credentials');
    const sealed = options.secrets.seal(parsed.data);
    const name = row.name.trim() || row.type;
    await db.$transaction(async (tx) => {
      if (record) await tx.credentials.update({ where: { id: row.id }, data: { name, ...sealed } });
      else
        await tx.credentials.create({
          data: { id: row.id, workspaceId, type: mapped.type, name, ...sealed, createdAt: row.createdAt },
        });
      await saveRecord(tx, 'credentials', row.id, { targetId: row.id, digest });
    });
  }
}
