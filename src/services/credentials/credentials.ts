import { z } from 'zod';
import type { Db } from '../../db/client';
import { invalidInput, notFound } from '../../errors';
import { displayName, parseInput, zodIssues } from '../validation';
import type { SecretBox } from './secret-box';
import {
  credentialSchemas,
  CREDENTIALS_TYPES,
  isCredentialsType,
  type CredentialsData,
  type CredentialsType,
} from './types';

/** What any API shows of credentials: never the data. */
export interface CredentialsSummary {
  id: string;
  type: string;
  name: string;
  createdAt: Date;
}

const SUMMARY = { id: true, type: true, name: true, createdAt: true } as const;

const createInput = z.object({ type: z.string(), name: displayName(100), data: z.unknown() });

export async function createCredentials(
  db: Db,
  box: SecretBox,
  workspaceId: string,
  raw: unknown,
): Promise<CredentialsSummary> {
  const input = parseInput(createInput, raw, []);
  if (!isCredentialsType(input.type))
    throw invalidInput([
      { message: `unknown credentials type; expected one of ${CREDENTIALS_TYPES.join(', ')}`, path: ['type'] },
    ]);
  const data = credentialSchemas[input.type].safeParse(input.data);
  if (!data.success) throw invalidInput(zodIssues(data.error, ['data']));
  const sealed = box.seal(data.data);
  return db.credentials.create({
    data: { workspaceId, type: input.type, name: input.name, ...sealed },
    select: SUMMARY,
  });
}

export function listCredentials(db: Db, workspaceId: string): Promise<CredentialsSummary[]> {
  return db.credentials.findMany({
    where: { workspaceId },
    select: SUMMARY,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function deleteCredentials(db: Db, workspaceId: string, credentialsId: string): Promise<void> {
  const { count } = await db.credentials.deleteMany({ where: { id: credentialsId, workspaceId } });
  if (count === 0) throw notFound('Credentials not found');
}

/**
 * The decrypted data of credentials of the bot's own workspace (another
 * workspace's id behaves as missing), or undefined. A row that no longer
 * decrypts or validates (key changed) counts as missing too.
 */
export async function resolveCredentials<T extends CredentialsType>(
  db: Db,
  box: SecretBox,
  workspaceId: string,
  credentialsId: string,
  type: T,
): Promise<CredentialsData<T> | undefined> {
  const row = await db.credentials.findFirst({ where: { id: credentialsId, workspaceId, type } });
  return row ? openCredentials(box, row, type) : undefined;
}

/** A stored row's data, decrypted and validated as `type`; undefined when it no longer decrypts or validates. */
export function openCredentials<T extends CredentialsType>(
  box: SecretBox,
  row: { data: string; iv: string },
  type: T,
): CredentialsData<T> | undefined {
  let plain: unknown;
  try {
    plain = box.open(row);
  } catch {
    return undefined;
  }
  const parsed = credentialSchemas[type].safeParse(plain);
  return parsed.success ? (parsed.data as CredentialsData<T>) : undefined;
}
