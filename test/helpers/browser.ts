import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';

// Headless Chromium driven by playwright-core, which downloads no browser.
// Debian's `chromium-headless-shell` is Chromium's headless build without the
// browser's user interface, what Playwright itself runs headless tests in: the
// same Blink and V8, at about 60 % of the full browser's CPU per page on two
// cores (docs/testing.md#keeping-it-fast). The full browser serves where it is
// the only one installed. A machine with neither (a fresh one: `npm test`
// needs nothing but Node) runs the headless shell the `@sparticuz/chromium`
// dev dependency ships inside its npm package, for Linux x64.
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
export const ARTEFACTS = path.join(__dirname, '../../artefacts/browser');
const CACHE = path.join(__dirname, '../../node_modules/.cache/parley');

/** The Chromium the browser tests run, as found by `findChromium`. */
export type ChromiumSource =
  | { kind: 'named' | 'system'; path: string }
  /** The npm package's build: `archive` (Brotli) is inflated to `path` on first use. */
  | { kind: 'npm'; archive: string; path: string }
  | { kind: 'none'; reason: string };

const isExecutableFile = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The npm package's compressed build and its version, or undefined when the package is not installed. */
function npmChromium(): { archive: string; version: string } | undefined {
  let entry: string;
  try {
    // Resolved, never loaded: the package's module (ESM) inflates to fixed paths in /tmp, shared by every
    // version and every process; the build itself is one Brotli file.
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    return undefined;
  }
  const root = path.join(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { archive: path.join(root, 'bin/chromium.br'), version };
}

/**
 * Which Chromium to run: the executable `PARLEY_CHROMIUM` names, else the
 * first system Chromium that is an executable file, else the npm package's
 * build (Linux x64 only: the one it ships), inflated under `cacheDir`.
 */
export function findChromium(
  options: { env?: NodeJS.ProcessEnv; systemPaths?: string[]; platform?: string; cacheDir?: string } = {},
): ChromiumSource {
  const {
    env = process.env,
    systemPaths = SYSTEM_CHROMIUMS,
    platform = `${process.platform}-${process.arch}`,
    cacheDir = CACHE,
  } = options;
  // Empty means unset, as for the benchmarks' PARLEY_CHROMIUM.
  if (env.PARLEY_CHROMIUM) return { kind: 'named', path: env.PARLEY_CHROMIUM };
  const system = systemPaths.find(isExecutableFile);
  if (system) return { kind: 'system', path: system };
  const install = `\`apt-get install chromium-headless-shell\` (Debian), or PARLEY_CHROMIUM=<path to a Chromium>`;
  const npm = npmChromium();
  if (!npm)
    return {
      kind: 'none',
      reason: `No Chromium at ${systemPaths.join(' or ')}, and the @sparticuz/chromium dev dependency is not installed (npm install): ${install}.`,
    };
  if (platform !== 'linux-x64')
    return {
      kind: 'none',
      reason: `No Chromium at ${systemPaths.join(' or ')}, and @sparticuz/chromium ships a build for Linux x64 only (this is ${platform}): ${install}.`,
    };
  return { kind: 'npm', archive: npm.archive, path: path.join(cacheDir, `chromium-${npm.version}`, 'chromium') };
}

/**
 * The path of the Chromium `source` names, ready to run: the npm package's
 * build is inflated the first time (about 3 s, 210 MB), into a file of its own
 * renamed into place, so that a run cut short or another process inflating at
 * the same time never leaves a half-written browser at that path.
 */
export async function chromiumExecutable(source: ChromiumSource = findChromium()): Promise<string> {
  switch (source.kind) {
    case 'none':
      throw new Error(`The browser tests need Chromium. ${source.reason}`);
    case 'named':
      if (!isExecutableFile(source.path))
        throw new Error(`PARLEY_CHROMIUM is ${source.path}, which is not an executable file.`);
      return source.path;
    case 'system':
      return source.path;
    case 'npm': {
      if (isExecutableFile(source.path)) return source.path;
      fs.mkdirSync(path.dirname(source.path), { recursive: true });
      const partial = `${source.path}.${process.pid}.partial`;
      try {
        await pipeline(
          fs.createReadStream(source.archive),
          zlib.createBrotliDecompress(),
          fs.createWriteStream(partial, { mode: 0o755 }),
        );
        fs.renameSync(partial, source.path);
      } finally {
        fs.rmSync(partial, { force: true });
      }
      return source.path;
    }
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The browser's environment: English (United States) whatever the machine's
 * locale, which Chromium takes its language from. Under LANG=C.UTF-8, a
 * container's usual, the @sparticuz/chromium build says `en-US@posix`, a tag
 * `Intl.NumberFormat` refuses (uPlot formats the Analytics chart's axes with
 * it: the tab did not render); and the tests read English formats anyway.
 */
export const CHROMIUM_ENV: Record<string, string | undefined> = {
  ...process.env,
  LANG: 'en_US.UTF-8',
  LC_ALL: 'en_US.UTF-8',
};

/** Where the browser project's shared Chromium listens (test/setup/browser-global.ts). */
export const BROWSER_ENDPOINT_ENV = 'PARLEY_TEST_BROWSER_WS';
/** Why the browser project has no Chromium: each browser file fails with it, and the other projects run. */
export const BROWSER_FAILURE_ENV = 'PARLEY_TEST_BROWSER_FAILURE';

/**
 * A browser for one test file: a connection to the browser project's shared
 * Chromium when it runs (starting one takes seconds on a busy machine, once
 * per file otherwise), else a Chromium of its own. Either way `close()` ends
 * what the file opened: a connection's contexts close with it.
 */
export async function launchBrowser(): Promise<Browser> {
  const failure = process.env[BROWSER_FAILURE_ENV];
  if (failure) throw new Error(failure);
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
    env: CHROMIUM_ENV,
  });
}

/**
 * A download's content as text. Read as a stream: `download.path()` is refused
 * over a connection to the shared browser, whose files are not this process's.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Saves a screenshot as a test artefact (artefacts/ is not committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  const file = path.join(ARTEFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

let axeScript: string | undefined;
const axeSource = () => (axeScript ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The page's accessibility violations as axe-core reports them (its default
 * WCAG 2 A/AA rules and best practices), shadow roots included.
 */
export async function axeViolations(page: Page, options: { skipRules?: string[] } = {}): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the pages' CSP refuses inline scripts.
  await page.evaluate(axeSource());
  return page.evaluate(async (skipRules) => {
    type Run = (
      context: Document,
      options: object,
    ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const rules = Object.fromEntries(skipRules.map((rule) => [rule, { enabled: false }]));
    const { violations } = await axe.run(document, { rules });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, options.skipRules ?? []);
}

const SIGN_IN =
  'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { csrfToken } }';

/**
 * A new browser context signed in to the console at `baseUrl` (viewport 1280 × 900 and
 * reduced motion unless `contextOptions` says otherwise), its page on the Bots list.
 */
export async function signInToConsole(
  browser: Browser,
  baseUrl: string,
  credentials: { email: string; password: string },
  contextOptions: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion unless asked: no typing emulation in the Test panel's chat
  // (seconds of waiting per bubble) and no animation to paint meanwhile.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    ...contextOptions,
  });
  // The context signs in over the API (its cookie jar keeps the session) and
  // opens the console signed in: a second faster than filling the form, for
  // some 60 sign-ins a run. The form itself is tested where it is the subject
  // (console.browser.test.ts, planted-session-cookie, words).
  const response = await context.request.post(`${baseUrl}/graphql`, {
    data: { query: SIGN_IN, variables: { email: credentials.email, password: credentials.password } },
  });
  const body = (await response.json()) as { data?: { signIn?: unknown }; errors?: { message: string }[] };
  if (!body.data?.signIn) throw new Error(`Sign-in as ${credentials.email} failed: ${JSON.stringify(body.errors)}`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/app`);
  await page.getByRole('heading', { name: 'Bots' }).waitFor();
  return { context, page };
}
