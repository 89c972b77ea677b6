import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';

// Headless Debian Chromium driven by playwright-core (no browser download;
// .ci/run installs the shell when it is missing). Debian's
// `chromium-headless-shell` is Chromium's headless build without the browser's
// user interface, what Playwright itself runs headless tests in: the same
// Blink and V8, at about 60 % of the full browser's CPU per page on two cores
// (docs/testing.md#keeping-it-fast). The full browser serves where it is the
// only one installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM =
  process.env.PARLEY_CHROMIUM || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const ARTEFACTS = path.join(__dirname, '../../artefacts/browser');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where the browser project's shared Chromium listens (test/setup/browser-global.ts). */
export const BROWSER_ENDPOINT_ENV = 'PARLEY_TEST_BROWSER_WS';

/**
 * A browser for one test file: a connection to the browser project's shared
 * Chromium when it runs (starting one takes seconds on a busy machine, once
 * per file otherwise), else a Chromium of its own. Either way `close()` ends
 * what the file opened: a connection's contexts close with it.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
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
