#!/usr/bin/env node
// `npm run build`: the Prisma clients, the block lists, the server (tsc) and the browser
// bundles, then a fingerprint of everything the build read, saved in dist/.
// With --if-changed (npm start, npm test, the benchmarks) the build is skipped
// when dist/ holds the fingerprint of the sources as they are now: a restart
// takes seconds instead of a full build. The fingerprint hashes the files'
// contents, not their times, so a checkout that rewrites unchanged files
// (or a derived file rewritten identically) does not force a build, and an edit
// that keeps a file's size and time does not go unnoticed.
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** Folders and files the build reads, relative to the project root. */
const INPUTS = [
  'src',
  'scripts',
  'prisma',
  'bench',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
/** Written by the build itself (the Prisma clients): outputs, not inputs. */
const OUTPUTS_IN_INPUTS = ['src/db/generated'];
const FINGERPRINT_FILE = path.join('dist', '.build-fingerprint');

function filesUnder(root, relative, excluded, into) {
  const absolute = path.join(root, relative);
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return; // an optional input (no bench/ in a trimmed copy)
  }
  if (stat.isFile()) {
    into.push(relative);
    return;
  }
  if (!stat.isDirectory() || excluded.has(relative)) return;
  for (const name of fs.readdirSync(absolute).sort()) {
    filesUnder(root, path.posix.join(relative, name), excluded, into);
  }
}

/** A hash of the path and content of every build input under `root`. */
function fingerprint(root) {
  const excluded = new Set(OUTPUTS_IN_INPUTS);
  const files = [];
  for (const input of INPUTS) filesUnder(root, input, excluded, files);
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    // The path and the length delimit each file, so moving bytes from one file to the next changes the hash.
    const content = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** Why `root` needs a build, or undefined when its dist/ was built from the sources as they are. */
function staleReason(root) {
  let recorded;
  try {
    recorded = fs.readFileSync(path.join(root, FINGERPRINT_FILE), 'utf8').trim();
  } catch {
    return 'no completed build in dist/';
  }
  for (const output of OUTPUTS_IN_INPUTS) {
    if (!fs.existsSync(path.join(root, output))) return `${output} is missing`;
  }
  return recorded === fingerprint(root) ? undefined : 'sources changed since the last build';
}

function build(root) {
  const node = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  node(['scripts/prisma-generate.cjs']);
  node(['scripts/generate-blocks.cjs']);
  // Taken once the derived PostgreSQL schema is written, before compiling: an edit made while the build runs
  // leaves a fingerprint that no longer matches.
  const before = fingerprint(root);
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  node([require.resolve('typescript/bin/tsc', { paths: [root] }), '-p', 'tsconfig.build.json']);
  node(['scripts/build-web.cjs']);
  fs.writeFileSync(path.join(root, FINGERPRINT_FILE), `${before}\n`);
}

module.exports = { fingerprint, staleReason, INPUTS, FINGERPRINT_FILE };

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const ifChanged = process.argv.includes('--if-changed');
  const reason = ifChanged ? staleReason(root) : 'asked';
  if (reason === undefined) {
    console.log('dist/ is up to date (no source changed since the last build)');
  } else {
    if (ifChanged) console.log(`Building: ${reason}`);
    build(root);
  }
}
