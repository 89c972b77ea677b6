#!/usr/bin/env node
// The `parley` command: runs the compiled entry point (built by `npm install` / `npm run build`).
const fs = require('node:fs');
const path = require('node:path');

const entry = path.join(__dirname, '..', 'dist', 'src', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('parley is not built yet: run `npm run build` in ' + path.dirname(__dirname));
  process.exit(1);
}
require(entry);
