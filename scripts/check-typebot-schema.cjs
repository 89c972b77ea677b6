#!/usr/bin/env node
// Checks test/fixtures/typebot/schema.sql (our description of a Typebot v3.x
// PostgreSQL database, which the importer's tests build) against the real
// thing: Typebot's own Prisma migrations, applied in order to a scratch
// database as `prisma migrate deploy` would (each file sent whole; its ledger
// row in _prisma_migrations). Our schema.sql goes into a second scratch
// database; the two catalogs are compared and every difference printed
// (exit 1 if any); both databases are dropped at the end. It also checks that
// src/integrations/typebot/known-migrations.ts names the same migrations.
//
//   node scripts/check-typebot-schema.cjs <typebot checkout or bare git dir> [--rev <commit>] [--schema <file>]
//
// The server: PARLEY_TEST_POSTGRES_URL, else postgresql://postgres@127.0.0.1:5432/postgres.
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { URL } = require('node:url');
const pg = require('pg');

const root = path.join(__dirname, '..');
const MIGRATIONS_DIR = 'packages/prisma/postgresql/migrations';

function usage(message) {
  if (message) console.error(message);
  console.error(
    'usage: node scripts/check-typebot-schema.cjs <typebot checkout or bare git dir> [--rev <commit>] [--schema <file>]',
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = { source: undefined, rev: 'HEAD', schema: path.join(root, 'test/fixtures/typebot/schema.sql') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--rev' || arg === '--schema') {
      const value = argv[++i];
      if (!value) usage(`${arg} needs a value`);
      options[arg.slice(2)] = value;
    } else if (arg === '-h' || arg === '--help') usage();
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else if (options.source) usage('one source only');
    else options.source = arg;
  }
  if (!options.source) usage();
  return options;
}

/** The migrations, in the order Prisma applies them (by directory name): [{ name, sql }]. */
function readMigrations(source, rev) {
  const dir = path.join(source, MIGRATIONS_DIR);
  if (fs.existsSync(dir)) {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') }));
  }
  const git = (...args) =>
    execFileSync('git', ['-C', source, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let listing;
  try {
    listing = git('ls-tree', '-d', '--name-only', `${rev}:${MIGRATIONS_DIR}`);
  } catch {
    usage(`${source}: neither a checkout with ${MIGRATIONS_DIR}/ nor a git directory holding it at ${rev}`);
  }
  return listing
    .split('\n')
    .filter(Boolean)
    .sort()
    .map((name) => ({ name, sql: git('show', `${rev}:${MIGRATIONS_DIR}/${name}/migration.sql`) }));
}

/** The names src/integrations/typebot/known-migrations.ts lists (read as text: this script runs without a build). */
function knownMigrations() {
  const file = path.join(root, 'src/integrations/typebot/known-migrations.ts');
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const list = text.slice(text.indexOf('= [', text.indexOf('TYPEBOT_MIGRATIONS')));
  return [...list.slice(0, list.indexOf('];')).matchAll(/'(\d{14}_[A-Za-z0-9_]*)'/g)].map((match) => match[1]);
}

const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

async function applyMigrations(url, migrations) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(LEDGER);
    for (const { name, sql } of migrations) {
      const id = crypto.randomUUID();
      const checksum = crypto.createHash('sha256').update(sql).digest('hex');
      await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)', [
        id,
        checksum,
        name,
      ]);
      try {
        // No parameters: the simple protocol, the whole file at once, as Prisma sends it.
        await client.query(sql);
      } catch (error) {
        throw new Error(`migration ${name} failed: ${error.message}`, { cause: error });
      }
      await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [
        id,
      ]);
    }
  } finally {
    await client.end();
  }
}

async function applyFile(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The public schema's structure as a map from what an object is to how it is defined. */
async function catalog(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const entries = new Map();
  const rows = async (sql) => (await client.query(sql)).rows;
  const inPublic = (alias) => `${alias} IN (SELECT oid FROM pg_namespace WHERE nspname = 'public')`;
  try {
    const kinds = { r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view', f: 'foreign table' };
    for (const r of await rows(
      `SELECT c.relname, c.relkind FROM pg_class c WHERE ${inPublic('c.relnamespace')} AND c.relkind IN ('r','p','v','m','f')`,
    ))
      entries.set(`relation "${r.relname}"`, kinds[r.relkind]);

    const columns = await rows(`
      SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull,
             pg_get_expr(d.adbin, d.adrelid) AS def, a.attidentity, a.attgenerated, co.collname
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      LEFT JOIN pg_collation co ON co.oid = a.attcollation AND co.collname <> 'default'
      WHERE ${inPublic('c.relnamespace')} AND c.relkind IN ('r','p','v','m','f') AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`);
    const order = new Map();
    for (const r of columns) {
      const parts = [r.type, r.attnotnull ? 'NOT NULL' : 'NULL'];
      if (r.def != null) parts.push(`DEFAULT ${r.def}`);
      if (r.attidentity) parts.push(`IDENTITY ${r.attidentity}`);
      if (r.attgenerated) parts.push(`GENERATED ${r.attgenerated}`);
      if (r.collname) parts.push(`COLLATE ${r.collname}`);
      entries.set(`column "${r.relname}"."${r.attname}"`, parts.join(' '));
      order.set(r.relname, [...(order.get(r.relname) ?? []), r.attname]);
    }
    for (const [table, names] of order) entries.set(`column order of "${table}"`, names.join(', '));

    for (const r of await rows(`
      SELECT t.relname AS "table", i.relname AS name, x.indisprimary, pg_get_indexdef(x.indexrelid) AS def
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE ${inPublic('t.relnamespace')}`))
      entries.set(
        `index "${r.name}"`,
        `${r.def.replace(/ ON public\./, ' ON ')}${r.indisprimary ? ' (primary key)' : ''}`,
      );

    const types = { p: 'PRIMARY KEY', u: 'UNIQUE', f: 'FOREIGN KEY', c: 'CHECK', x: 'EXCLUDE', t: 'TRIGGER' };
    for (const r of await rows(`
      SELECT t.relname AS "table", co.conname, co.contype, pg_get_constraintdef(co.oid) AS def
      FROM pg_constraint co JOIN pg_class t ON t.oid = co.conrelid
      WHERE ${inPublic('t.relnamespace')}`))
      entries.set(
        `constraint "${r.table}"."${r.conname}"`,
        `${types[r.contype] ?? r.contype}: ${r.def.replace(/REFERENCES public\./, 'REFERENCES ')}`,
      );

    for (const r of await rows(`
      SELECT t.typname, t.typtype, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
      FROM pg_type t LEFT JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE ${inPublic('t.typnamespace')} AND t.typtype IN ('e','d','r','m')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
      GROUP BY t.typname, t.typtype`))
      entries.set(`type "${r.typname}"`, r.typtype === 'e' ? `ENUM (${r.labels.join(', ')})` : `kind ${r.typtype}`);

    for (const r of await rows(`
      SELECT c.relname, format_type(s.seqtypid, NULL) AS type, s.seqstart, s.seqincrement, s.seqcycle,
             (SELECT t.relname || '.' || a.attname FROM pg_depend d
                JOIN pg_class t ON t.oid = d.refobjid
                JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
              WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a','i')) AS owner
      FROM pg_class c JOIN pg_sequence s ON s.seqrelid = c.oid
      WHERE ${inPublic('c.relnamespace')}`))
      entries.set(
        `sequence "${r.relname}"`,
        `${r.type} start ${r.seqstart} increment ${r.seqincrement}${r.seqcycle ? ' cycle' : ''} owned by ${r.owner}`,
      );

    for (const r of await rows(`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'`))
      entries.set(`extension "${r.extname}"`, 'installed');

    for (const r of await rows(`
      SELECT p.oid::regprocedure::text AS name, p.prokind FROM pg_proc p
      WHERE ${inPublic('p.pronamespace')}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`))
      entries.set(`routine ${r.name}`, r.prokind);

    for (const r of await rows(`
      SELECT c.relname, g.tgname, pg_get_triggerdef(g.oid) AS def
      FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE NOT g.tgisinternal AND ${inPublic('c.relnamespace')}`))
      entries.set(`trigger "${r.relname}"."${r.tgname}"`, r.def);
  } finally {
    await client.end();
  }
  return entries;
}

function compare(reference, ours) {
  const differences = [];
  const keys = [...new Set([...reference.keys(), ...ours.keys()])].sort();
  for (const key of keys) {
    const a = reference.get(key);
    const b = ours.get(key);
    if (a === b) continue;
    if (b === undefined) differences.push(`missing from schema.sql: ${key}: ${a}`);
    else if (a === undefined) differences.push(`only in schema.sql: ${key}: ${b}`);
    else differences.push(`differs: ${key}\n    migrations: ${a}\n    schema.sql: ${b}`);
  }
  return differences;
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const migrations = readMigrations(options.source, options.rev);
  if (migrations.length === 0) usage(`no migrations found in ${options.source}`);
  const schema = fs.readFileSync(options.schema, 'utf8');

  const adminUrl = process.env.PARLEY_TEST_POSTGRES_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const suffix = crypto.randomBytes(5).toString('hex');
  const names = { reference: `typebot_check_migrated_${suffix}`, ours: `typebot_check_schema_${suffix}` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const created = [];
  let differences;
  try {
    for (const name of Object.values(names)) {
      await admin.query(`CREATE DATABASE ${name}`);
      created.push(name);
    }
    const started = Date.now();
    await applyMigrations(withDatabase(adminUrl, names.reference), migrations);
    console.log(
      `applied ${migrations.length} migrations (${migrations[0].name} … ${migrations.at(-1).name}) in ${Date.now() - started} ms`,
    );
    await applyFile(withDatabase(adminUrl, names.ours), schema);
    console.log(`applied ${path.relative(process.cwd(), options.schema) || options.schema}`);
    const [reference, ours] = [
      await catalog(withDatabase(adminUrl, names.reference)),
      await catalog(withDatabase(adminUrl, names.ours)),
    ];
    const count = (map, prefix) => [...map.keys()].filter((key) => key.startsWith(prefix)).length;
    console.log(
      `migrated database: ${count(reference, 'relation ')} tables, ${count(reference, 'column "')} columns, ` +
        `${count(reference, 'index ')} indexes, ${count(reference, 'constraint ')} constraints ` +
        `(${[...reference.values()].filter((value) => value.startsWith('FOREIGN KEY')).length} foreign keys), ` +
        `${count(reference, 'type ')} enums, ${count(reference, 'sequence ')} sequences, ${count(reference, 'extension ')} extensions`,
    );
    differences = compare(reference, ours);

    const known = knownMigrations();
    const actual = migrations.map((migration) => migration.name);
    if (!known) differences.push('src/integrations/typebot/known-migrations.ts not found');
    else if (known.join('\n') !== actual.join('\n')) {
      for (const name of actual.filter((name) => !known.includes(name)))
        differences.push(`missing from known-migrations.ts: ${name}`);
      for (const name of known.filter((name) => !actual.includes(name)))
        differences.push(`only in known-migrations.ts: ${name}`);
      if (differences.every((line) => !line.includes('known-migrations.ts')))
        differences.push('known-migrations.ts lists the migrations in another order');
    } else console.log(`known-migrations.ts lists the same ${known.length} migrations in the same order`);
  } finally {
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  if (differences.length === 0) {
    console.log('no differences');
    return;
  }
  console.log(`${differences.length} difference(s):`);
  for (const line of differences) console.log(`  ${line}`);
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exitCode = 2;
});
