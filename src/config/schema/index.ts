// The configuration schema: every setting Parley reads, grouped as the code
// consumes them (a group is passed whole to what it configures). The table in
// docs/configuration.md is generated from it (npm run docs:config).
import { channels } from './channels';
import { chat, bounds, effects, live, quota, sandbox } from './chat';
import { graphql, mcp, rateLimit, redis } from './http';
import { handoff } from './handoff';
import { admin, consoleSettings, database, drafts, log, metrics, server } from './server';
import { credentials, s3, smtp, uploads } from './storage';

export const CONFIG_SCHEMA = {
  server,
  database,
  admin,
  console: consoleSettings,
  drafts,
  log,
  metrics,
  chat: { ...chat, bounds },
  sandbox,
  effects,
  live,
  quota,
  graphql,
  mcp,
  rateLimit,
  redis,
  uploads,
  s3,
  credentials,
  smtp,
  channels,
  handoff,
};
