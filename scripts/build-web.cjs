// Bundles the browser chat client (src/web) into dist/web/parley.js with
// esbuild and prints its size, raw and gzipped. Run by `npm run build`.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const outfile = path.join(root, 'dist/web/parley.js');

esbuild.buildSync({
  entryPoints: [path.join(root, 'src/web/index.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  outfile,
  legalComments: 'none',
});
const bytes = fs.readFileSync(outfile);
const gzipped = zlib.gzipSync(bytes, { level: 9 }).length;
console.log(`web client: dist/web/parley.js ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
