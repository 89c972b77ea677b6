// Time to read hostile Markdown into rich text (a visitor's answer or an API's
// reply shown in a bubble): each input at 8, 16 and 32 kB, best of 5 runs.
// Goal: linear growth, no input above ~100 ms at 32 kB (the lexer took 39 s
// on 10 kB of "[a](b" before destinations that cannot close were escaped).
// Run: npm run bench:markdown
import { markdownToRichText } from '../src/engine/variables/markdown-to-rich-text';

const UNITS: Record<string, string> = {
  'unclosable links [a](b': '[a](b',
  'emphasis *a': '*a',
  'strong **a': '**a',
  'code spans `a': '`a',
  'mixed *[a](b_`': '*[a](b_`',
  'quotes >': '>',
  'nested lists': '\n  - a',
  'plain prose': 'lorem ipsum ',
};

function bestOf(runs: number, work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    work();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

console.log('input'.padEnd(28), ['8 kB', '16 kB', '32 kB'].map((label) => label.padStart(10)).join(''));
for (const [name, unit] of Object.entries(UNITS)) {
  const times = [8, 16, 32].map((kilobytes) => {
    const input = unit.repeat(Math.floor((kilobytes * 1024) / unit.length));
    return bestOf(5, () => markdownToRichText(input));
  });
  console.log(name.padEnd(28), times.map((ms) => `${ms.toFixed(1)} ms`.padStart(10)).join(''));
}
