#!/usr/bin/env node
// prisma/schema.prisma (SQLite) is the one data model; PostgreSQL needs its own
// generated client, so its schema file is derived mechanically: other provider,
// other client output, no Pothos generator (the types are provider-neutral).
const fs = require('node:fs');
const path = require('node:path');

function deriveText(source) {
  const withoutPothos = source.replace(/generator pothos \{[^}]*\}\n\n/, '');
  const derived = withoutPothos
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace(
      'output              = "../src/db/generated/sqlite"',
      'output              = "../../src/db/generated/postgresql"',
    );
  if (derived === source) throw new Error('derive-postgres-schema: nothing replaced; update the patterns');
  return '// GENERATED from prisma/schema.prisma by scripts/derive-postgres-schema.cjs. Do not edit.\n' + derived;
}

function derive(root) {
  const source = fs.readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8');
  const target = path.join(root, 'prisma/postgresql/schema.prisma');
  const text = deriveText(source);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) fs.writeFileSync(target, text);
  return text;
}

module.exports = { derive, deriveText };
if (require.main === module) derive(path.resolve(__dirname, '..'));
