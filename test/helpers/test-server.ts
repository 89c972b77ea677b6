import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/cli/serve';
import type { Db, WorkspaceRole } from '../../src/db/client';
import { createToken } from '../../src/services/tokens';
import { ensureUser } from '../../src/services/users';
import { createThrowawayDatabase, type ThrowawayDatabase } from './test-database';

export interface TestServer {
  url: string;
  db: Db;
  provider: 'sqlite' | 'postgresql';
  /** Token of the bootstrap admin (ADMIN of `adminWorkspaceId`). */
  adminToken: string;
  adminWorkspaceId: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  bodyLimit?: number;
  botBodyLimit?: number;
}

/** A real Parley server on a loopback port over a throw-away database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database: ThrowawayDatabase = await createThrowawayDatabase();
  const adminToken = `test-admin-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const config = {
    ...loadConfig({}),
    port: 0,
    databaseUrl: database.url,
    adminToken,
    adminEmail: 'admin@parley.test',
    graphiql: false,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.botBodyLimit ? { botBodyLimit: options.botBodyLimit } : {}),
  };
  let server: RunningServer;
  try {
    server = await startServer(config, () => undefined);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const db = server.database.db;
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@parley.test' }, include: { memberships: true } });
  return {
    url: server.url,
    db,
    provider: database.provider,
    adminToken,
    adminWorkspaceId: admin.memberships[0]!.workspaceId,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/** A user with a token (and, when given, a role in a workspace), set up through the service layer. */
export async function createUserWithToken(
  db: Db,
  email: string,
  membership?: { workspaceId: string; role: WorkspaceRole },
): Promise<{ userId: string; token: string; personalWorkspaceId: string }> {
  const { user } = await ensureUser(db, email, { personalWorkspace: true });
  const personal = await db.memberInWorkspace.findFirstOrThrow({ where: { userId: user.id } });
  if (membership) await db.memberInWorkspace.create({ data: { userId: user.id, ...membership } });
  const { token } = await createToken(db, user.id, 'test');
  return { userId: user.id, token, personalWorkspaceId: personal.workspaceId };
}
