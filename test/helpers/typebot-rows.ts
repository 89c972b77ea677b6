// Rows of a Typebot database (test/helpers/typebot-source.ts) as Typebot
// writes them: people, workspaces, credentials (encrypted with the instance's
// secret), folders, bots with their published version.
import crypto from 'node:crypto';
import { cuid, insertRow, json, ts, typebotEncrypt, typebotEncryptV1, type TypebotDb } from './typebot-source';

export async function insertUser(
  db: TypebotDb,
  u: {
    id?: string;
    email: string | null;
    name?: string;
    image?: string;
    createdAt?: Date;
    emailVerified?: Date;
    company?: string;
    onboardingCategories?: string[];
  },
): Promise<string> {
  const id = u.id ?? cuid();
  const at = ts(u.createdAt);
  await insertRow(db, 'User', {
    id,
    email: u.email,
    name: u.name,
    image: u.image,
    emailVerified: u.emailVerified && ts(u.emailVerified),
    company: u.company,
    onboardingCategories: json(u.onboardingCategories ?? []),
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  });
  return id;
}

export async function insertWorkspace(
  db: TypebotDb,
  w: {
    id?: string;
    name: string;
    icon?: string;
    plan?: string;
    stripeId?: string;
    customChatsLimit?: number;
    customStorageLimit?: number;
    customSeatsLimit?: number;
    chatsHardLimit?: number;
    isQuarantined?: boolean;
    isSuspended?: boolean;
    isPastDue?: boolean;
    isVerified?: boolean;
    settings?: object;
    createdAt?: Date;
  },
): Promise<string> {
  const id = w.id ?? cuid();
  const at = ts(w.createdAt);
  await insertRow(db, 'Workspace', {
    id,
    name: w.name,
    icon: w.icon,
    plan: w.plan,
    stripeId: w.stripeId,
    customChatsLimit: w.customChatsLimit,
    customStorageLimit: w.customStorageLimit,
    customSeatsLimit: w.customSeatsLimit,
    chatsHardLimit: w.chatsHardLimit,
    isQuarantined: w.isQuarantined,
    isSuspended: w.isSuspended,
    isPastDue: w.isPastDue,
    isVerified: w.isVerified,
    settings: json(w.settings),
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

export type TypebotWorkspaceRole = 'ADMIN' | 'MEMBER' | 'GUEST';

export async function insertMember(
  db: TypebotDb,
  m: { userId: string; workspaceId: string; role: TypebotWorkspaceRole; createdAt?: Date },
): Promise<void> {
  const at = ts(m.createdAt);
  await insertRow(db, 'MemberInWorkspace', {
    userId: m.userId,
    workspaceId: m.workspaceId,
    role: m.role,
    createdAt: at,
    updatedAt: at,
  });
}

export async function insertWorkspaceInvitation(
  db: TypebotDb,
  i: { id?: string; workspaceId: string; email: string; type: TypebotWorkspaceRole; createdAt?: Date },
): Promise<string> {
  const id = i.id ?? cuid();
  const at = ts(i.createdAt);
  await insertRow(db, 'WorkspaceInvitation', {
    id,
    workspaceId: i.workspaceId,
    email: i.email,
    type: i.type,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** Workspace credentials, their `data` encrypted by the scheme asked (v2, today's, by default). */
export async function insertCredentials(
  db: TypebotDb,
  c: {
    id?: string;
    workspaceId: string;
    type: string;
    name: string;
    data: object;
    secret?: string;
    scheme?: 'v1' | 'v2';
    createdAt?: Date;
  },
): Promise<string> {
  const id = c.id ?? cuid();
  const encrypted = (c.scheme === 'v1' ? typebotEncryptV1 : typebotEncrypt)(c.data, c.secret);
  await insertRow(db, 'Credentials', {
    id,
    workspaceId: c.workspaceId,
    type: c.type,
    name: c.name,
    data: encrypted.data,
    iv: encrypted.iv,
    createdAt: ts(c.createdAt),
  });
  return id;
}

/** A user's own credentials (UserCredentials), encrypted the same way. */
export async function insertUserCredentials(
  db: TypebotDb,
  c: { id?: string; userId: string; type: string; name: string; data: object; secret?: string; scheme?: 'v1' | 'v2' },
): Promise<string> {
  const id = c.id ?? cuid();
  const encrypted = (c.scheme === 'v1' ? typebotEncryptV1 : typebotEncrypt)(c.data, c.secret);
  await insertRow(db, 'UserCredentials', {
    id,
    userId: c.userId,
    type: c.type,
    name: c.name,
    data: encrypted.data,
    iv: encrypted.iv,
    createdAt: ts(undefined),
  });
  return id;
}

export async function insertApiToken(
  db: TypebotDb,
  t: { id?: string; ownerId: string; name: string; token?: string },
): Promise<string> {
  const id = t.id ?? cuid();
  await insertRow(db, 'ApiToken', {
    id,
    ownerId: t.ownerId,
    name: t.name,
    token: t.token ?? crypto.randomBytes(18).toString('base64url'),
    createdAt: ts(undefined),
  });
  return id;
}

export async function insertFolder(
  db: TypebotDb,
  f: { id?: string; workspaceId: string; name: string; parentFolderId?: string; createdAt?: Date },
): Promise<string> {
  const id = f.id ?? cuid();
  const at = ts(f.createdAt);
  await insertRow(db, 'DashboardFolder', {
    id,
    workspaceId: f.workspaceId,
    name: f.name,
    parentFolderId: f.parentFolderId,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

export type BotContent = Record<string, unknown>;

/** The content columns a Typebot and a PublicTypebot share, from an export object. */
function contentColumns(bot: BotContent) {
  return {
    version: bot.version === undefined || bot.version === null ? null : String(bot.version),
    groups: json(bot.groups ?? []),
    events: json(bot.events),
    variables: json(bot.variables ?? []),
    edges: json(bot.edges ?? []),
    theme: json(bot.theme ?? {}),
    settings: json(bot.settings ?? {}),
  };
}

/**
 * A bot from a Typebot export object (as in test/fixtures/bots/*.json: {version,
 * groups, events, variables, edges, theme, settings, name, icon, ...}). The
 * export's own ids of things in another database (id, workspaceId, folderId,
 * publicId, customDomain) are not used: the bot gets a new id unless `id` is
 * given, and no publicId or customDomain unless given. `published` true copies
 * the same content into PublicTypebot; an object publishes that content
 * instead (each field it lacks taken from the bot).
 */
export async function insertTypebot(
  db: TypebotDb,
  t: {
    workspaceId: string;
    bot: BotContent;
    id?: string;
    name?: string;
    publicId?: string | null;
    customDomain?: string | null;
    folderId?: string;
    published?: boolean | BotContent;
    whatsAppCredentialsId?: string;
    isArchived?: boolean;
    isClosed?: boolean;
    createdAt?: Date;
    updatedAt?: Date;
  },
): Promise<string> {
  const id = t.id ?? cuid();
  const { bot } = t;
  const createdAt = ts(t.createdAt);
  const updatedAt = t.updatedAt ? ts(t.updatedAt) : createdAt;
  await insertRow(db, 'Typebot', {
    id,
    workspaceId: t.workspaceId,
    name: t.name ?? (typeof bot.name === 'string' ? bot.name : 'My typebot'),
    icon: typeof bot.icon === 'string' ? bot.icon : undefined,
    ...contentColumns(bot),
    selectedThemeTemplateId: typeof bot.selectedThemeTemplateId === 'string' ? bot.selectedThemeTemplateId : undefined,
    resultsTablePreferences: json(bot.resultsTablePreferences),
    riskLevel: typeof bot.riskLevel === 'number' ? bot.riskLevel : undefined,
    publicId: t.publicId ?? null,
    customDomain: t.customDomain ?? null,
    folderId: t.folderId,
    whatsAppCredentialsId: t.whatsAppCredentialsId,
    isArchived: t.isArchived ?? false,
    isClosed: t.isClosed ?? false,
    createdAt,
    updatedAt,
  });
  if (t.published) {
    const content = t.published === true ? bot : { ...bot, ...t.published };
    await insertRow(db, 'PublicTypebot', {
      id: cuid(),
      typebotId: id,
      ...contentColumns(content),
      createdAt: updatedAt,
      updatedAt,
    });
  }
  return id;
}

/** A collaborator on one bot (CollaboratorsOnTypebots). */
export async function insertCollaborator(
  db: TypebotDb,
  c: { userId: string; typebotId: string; type: 'READ' | 'WRITE' | 'FULL_ACCESS' },
): Promise<void> {
  const at = ts(undefined);
  await insertRow(db, 'CollaboratorsOnTypebots', { ...c, createdAt: at, updatedAt: at });
}
