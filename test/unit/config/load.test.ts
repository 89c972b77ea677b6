import fs from 'node:fs';
import path from 'node:path';
import { chatPortOf, loadConfig } from '../../../src/config';
import { withConfigurationTable } from '../../../src/config/table';

function load(env: Record<string, string>) {
  const warnings: string[] = [];
  const config = loadConfig(env, (line) => warnings.push(line));
  return { config, warnings };
}

describe('loadConfig', () => {
  it('gives every default in the unit the code uses (ms, bytes)', () => {
    const { config, warnings } = load({});
    expect(warnings).toEqual([]);
    expect(config.server).toMatchObject({ port: 3000, workers: 1, bodyLimit: 1024 * 1024, shutdownMs: 10_000 });
    expect(config.server.host).toBeUndefined();
    expect(chatPortOf(config.server)).toBe(3001);
    expect(config.database).toEqual({ url: 'file:./data/parley.db', poolSize: 10 });
    expect(config.chat.sessionTtlMs).toBe(30 * 24 * 3600 * 1000);
    expect(config.console.sessionTtlMs).toBe(7 * 24 * 3600 * 1000);
    expect(config.sandbox).toEqual({ timeoutMs: 1000, memoryLimitBytes: 32 * 1024 * 1024, threads: 0, idleMs: 60_000 });
    expect(config.chat.bounds.maxAnswerBytes).toBe(10 * 1024);
    expect(config.rateLimit.enabled).toBe(true);
    expect(config.graphql).toMatchObject({ graphiql: true, limits: { introspection: true, maxDepth: 12 } });
    expect(config.smtp).toBeUndefined();
    expect(config.s3).toBeUndefined();
  });

  it('converts each unit the variable names to ms or bytes', () => {
    const { config } = load({
      PARLEY_SESSION_TTL_SECONDS: '60',
      PARLEY_CONSOLE_SESSION_HOURS: '2',
      PARLEY_CODE_MEMORY_MB: '8',
      PARLEY_TURN_BUDGET_MS: '250',
    });
    expect(config.chat.sessionTtlMs).toBe(60_000);
    expect(config.console.sessionTtlMs).toBe(2 * 3600_000);
    expect(config.sandbox.memoryLimitBytes).toBe(8 * 1024 * 1024);
    expect(config.chat.turnBudgetMs).toBe(250);
  });

  it('reads an older name with a deprecation line, and the new name wins over it', () => {
    const old = load({
      SESSION_TTL: '60',
      LOG_LEVEL: 'debug',
      SMTP_HOST: 'mail',
      SMTP_FROM: 'Bot <bot@x.test>',
      PARLEY_PUBLIC_URL: 'https://parley.example.com',
    });
    expect(old.config.chat.sessionTtlMs).toBe(60_000);
    expect(old.config.log.level).toBe('debug');
    expect(old.config.smtp).toMatchObject({ host: 'mail', port: 587, from: { name: 'Bot', email: 'bot@x.test' } });
    expect(old.warnings).toEqual([
      'LOG_LEVEL is deprecated: set PARLEY_LOG_LEVEL instead (LOG_LEVEL is read for now).',
      'SESSION_TTL is deprecated: set PARLEY_SESSION_TTL_SECONDS instead (SESSION_TTL is read for now).',
      'SMTP_HOST is deprecated: set PARLEY_SMTP_HOST instead (SMTP_HOST is read for now).',
      'SMTP_FROM is deprecated: set PARLEY_SMTP_FROM instead (SMTP_FROM is read for now).',
    ]);
    const both = load({ SESSION_TTL: '60', PARLEY_SESSION_TTL_SECONDS: '120' });
    expect(both.config.chat.sessionTtlMs).toBe(120_000);
    expect(both.warnings).toEqual([]);
  });

  it("reads the names platforms set (PORT, DATABASE_URL, REDIS_URL) silently, after Parley's own", () => {
    const platform = load({ PORT: '8080', DATABASE_URL: 'postgresql://db/p', REDIS_URL: 'redis://r:6379' });
    expect(platform.config.server.port).toBe(8080);
    expect(chatPortOf(platform.config.server)).toBe(8081);
    expect(platform.config.database.url).toBe('postgresql://db/p');
    expect(platform.config.redis.url).toBe('redis://r:6379');
    expect(platform.warnings).toEqual([]);
    expect(load({ PORT: '8080', PARLEY_PORT: '9000' }).config.server.port).toBe(9000);
  });

  it('parses booleans one way: true/false, on/off, yes/no, 1/0', () => {
    expect(load({ PARLEY_RATE_LIMIT: 'off' }).config.rateLimit.enabled).toBe(false);
    expect(load({ PARLEY_RATE_LIMIT: 'FALSE' }).config.rateLimit.enabled).toBe(false);
    expect(load({ PARLEY_ENFORCE_PLAN_LIMITS: '1' }).config.quota.enforcePlanLimits).toBe(true);
    expect(load({ PARLEY_ENFORCE_PLAN_LIMITS: 'yes' }).config.quota.enforcePlanLimits).toBe(true);
    expect(() => load({ PARLEY_RATE_LIMIT: 'maybe' })).toThrow(
      'PARLEY_RATE_LIMIT must be `true` or `false`, got "maybe"',
    );
  });

  it('turns GraphiQL and introspection off in production unless asked', () => {
    const production = load({ NODE_ENV: 'production' }).config.graphql;
    expect(production.graphiql).toBe(false);
    expect(production.limits.introspection).toBe(false);
    const asked = load({ NODE_ENV: 'production', PARLEY_GRAPHQL_INTROSPECTION: 'true', PARLEY_GRAPHIQL: 'true' });
    expect(asked.config.graphql).toMatchObject({ graphiql: true, limits: { introspection: true } });
  });

  it('refuses a malformed value with one line naming the variable', () => {
    expect(() => load({ PARLEY_MAX_BLOCKS_PER_TURN: '-1' })).toThrow(
      'PARLEY_MAX_BLOCKS_PER_TURN must be a non-negative integer, got "-1"',
    );
    expect(() => load({ PORT: 'abc' })).toThrow('PORT must be a whole number from 0 to 65535, got "abc"');
    expect(() => load({ PARLEY_WORKERS: '0' })).toThrow('PARLEY_WORKERS must be a whole number from 1 to 64, got "0"');
    expect(() => load({ PARLEY_DATABASE_POOL_SIZE: '0' })).toThrow(
      'PARLEY_DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got "0"',
    );
    expect(() => load({ PARLEY_LOG_LEVEL: 'loud' })).toThrow('PARLEY_LOG_LEVEL must be one of fatal, error');
    expect(() => load({ PARLEY_PUBLIC_URL: 'https://app.example.com/app' })).toThrow(
      'PARLEY_PUBLIC_URL must be an origin',
    );
    expect(() => load({ PARLEY_PUBLIC_URL: 'nope' })).toThrow(
      'PARLEY_PUBLIC_URL must be an origin: an absolute http(s) URL without a path (e.g. https://chat.example.com), got "nope"',
    );
    expect(load({ PARLEY_PUBLIC_URL: 'https://app.example.com/' }).config.server.publicUrl).toBe(
      'https://app.example.com',
    );
  });

  it('requires what an optional group needs once its key is set', () => {
    // E-mailed links are built from the configured console address alone, never a request's Host (issue 33, finding 3).
    expect(() => load({ PARLEY_SMTP_HOST: 'mail', PARLEY_SMTP_FROM: 'bot@x.test' })).toThrow(
      'PARLEY_SMTP_HOST is set but PARLEY_PUBLIC_URL is not',
    );
    expect(
      load({ PARLEY_SMTP_HOST: 'mail', PARLEY_SMTP_FROM: 'bot@x.test', PARLEY_PUBLIC_URL: 'https://p.example' }).config
        .smtp,
    ).toMatchObject({ host: 'mail' });
    expect(() => load({ PARLEY_SMTP_HOST: 'mail' })).toThrow(
      'PARLEY_SMTP_FROM must be set with PARLEY_SMTP_HOST (the sender of bot e-mails, e.g. "Parley <bot@example.com>")',
    );
    const s3 = load({ PARLEY_S3_BUCKET: 'files', PARLEY_S3_ENDPOINT: 'http://minio:9000' }).config.s3;
    expect(s3).toMatchObject({ bucket: 'files', region: 'us-east-1', forcePathStyle: true });
    expect(load({ PARLEY_S3_BUCKET: 'files' }).config.s3?.forcePathStyle).toBe(false);
  });

  it('refuses settings that are wrong together', () => {
    expect(() => load({ PARLEY_PUBLIC_URL: 'https://x.test', PARLEY_CHAT_URL: 'https://x.test' })).toThrow(
      'PARLEY_CHAT_URL must differ from PARLEY_PUBLIC_URL',
    );
    expect(() => load({ PARLEY_PORT: '4000', PARLEY_CHAT_PORT: '4000' })).toThrow('set PARLEY_CHAT_URL');
    expect(() => load({ PARLEY_PORT: '65535' })).toThrow('PARLEY_CHAT_PORT must be at most 65535');
  });
});

describe('docs/configuration.md', () => {
  it('holds the tables generated from the schema (npm run docs:config)', () => {
    const document = fs.readFileSync(path.join(__dirname, '../../../docs/configuration.md'), 'utf8');
    expect(withConfigurationTable(document)).toBe(document);
  });
});
