// Bundles the browser code with esbuild and prints each file's size, raw and
// gzipped. Run by `npm run build`.
// - dist/web/parley.js: the chat client (src/web), for public pages and embeds;
// - dist/web/console/: the builder console (src/web/console), served at /app:
//   ES modules split so the flow view and the chart load only when a page
//   shows them; file names carry their content hash, and manifest.json names
//   the entry script and style sheet.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const web = path.join(root, 'dist/web');
const consoleDir = path.join(web, 'console');
const common = { bundle: true, minify: true, legalComments: 'none', logLevel: 'warning' };

esbuild.buildSync({
  ...common,
  format: 'iife',
  entryPoints: [path.join(root, 'src/web/index.ts')],
  target: ['es2020'],
  outfile: path.join(web, 'parley.js'),
});

fs.rmSync(consoleDir, { recursive: true, force: true });
const { metafile } = esbuild.buildSync({
  ...common,
  format: 'esm',
  splitting: true,
  entryPoints: { console: path.join(root, 'src/web/console/main.tsx') },
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  target: ['es2022'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  outdir: consoleDir,
  metafile: true,
});
const [entry, output] = Object.entries(metafile.outputs).find(([, each]) => each.entryPoint);
fs.writeFileSync(
  path.join(consoleDir, 'manifest.json'),
  JSON.stringify({ script: path.basename(entry), style: output.cssBundle ? path.basename(output.cssBundle) : null }),
);

const report = (file) => {
  const bytes = fs.readFileSync(file);
  const gzipped = zlib.gzipSync(bytes, { level: 9 }).length;
  console.log(
    `web: ${path.relative(root, file)} ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipped / 1024).toFixed(1)} kB gzipped`,
  );
};
report(path.join(web, 'parley.js'));
for (const file of fs.readdirSync(consoleDir).sort()) if (!file.endsWith('.json')) report(path.join(consoleDir, file));
