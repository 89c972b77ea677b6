// Bundles the browser code with esbuild and prints each bundle's size, raw and
// gzipped. Run by `npm run build`.
// - dist/web/parley.js: the chat client (src/web), for public pages and embeds;
// - dist/web/console.{js,css}: the builder console (src/web/console), served at /app.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const common = { bundle: true, minify: true, format: 'iife', legalComments: 'none', logLevel: 'warning' };

esbuild.buildSync({ ...common, entryPoints: [path.join(root, 'src/web/index.ts')], target: ['es2020'], outfile: path.join(root, 'dist/web/parley.js') });
esbuild.buildSync({
  ...common,
  entryPoints: [path.join(root, 'src/web/console/main.tsx')],
  target: ['es2022'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  outfile: path.join(root, 'dist/web/console.js'),
});

for (const file of ['parley.js', 'console.js', 'console.css']) {
  const bytes = fs.readFileSync(path.join(root, 'dist/web', file));
  const gzipped = zlib.gzipSync(bytes, { level: 9 }).length;
  console.log(`web: dist/web/${file} ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
}
