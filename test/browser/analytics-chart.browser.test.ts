import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTEFACTS, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { publishDefinition, say, startChat } from '../helpers/chat';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createResult } from '../../src/services/results';

// The Analytics tab in Chromium: the chart's x range is the period's (all
// time: the first event's bucket to now), the Views line stands out, and the
// drop-off labels on the flow are readable at the zoom that fits the flow.

jest.setTimeout(120_000);

const BOT_FILE = path.resolve(__dirname, '../fixtures/bots/onboarding.json');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let server: TestServer;
let browser: Browser;
let botId: string;
/** A bot whose only views are a moment old: one bucket, the case uPlot's autoscale stretched over 1000 days. */
let newBotId: string;
/** When that bot's one view happened (its bucket, not the current one, starts its chart: an hour may turn meanwhile). */
let newBotViewedAt: Date;
// 40 days and 5 hours ago, so that its hour, day and week start before it.
const firstEvent = new Date(Date.now() - 40 * DAY - 5 * HOUR);

function onboarding(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(BOT_FILE, 'utf8'));
}

/** Start of the UTC hour, day or ISO week (Monday) of an instant. */
function bucketStart(at: Date, interval: 'HOUR' | 'DAY' | 'WEEK'): Date {
  const start = new Date(at);
  start.setUTCMinutes(0, 0, 0);
  if (interval === 'HOUR') return start;
  start.setUTCHours(0);
  if (interval === 'DAY') return start;
  return new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY);
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const published = await publishDefinition(server, onboarding());
  botId = published.botId;
  await createResult(server.db, botId, { createdAt: firstEvent });
  await createResult(server.db, botId, { createdAt: new Date(Date.now() - 12 * DAY) });
  // Real conversations, so that the flow has drop-off numbers (name, the Yes/No buttons, the company) and an edge total ('No' leaves the group by an edge).
  for (const replies of [['Ada', 'Yes', 'Acme'], ['Bob', 'Yes'], ['Cy'], ['Dee', 'No'], []]) {
    const started = await startChat(server, published.publicId);
    expect(started.status).toBe(200);
    for (const reply of replies) expect((await say(server, started.body.sessionId, reply)).status).toBe(200);
  }
  const fresh = await publishDefinition(server, onboarding());
  newBotId = fresh.botId;
  newBotViewedAt = new Date();
  expect((await startChat(server, fresh.publicId)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openAnalytics(bot: string, width: number): Promise<Page> {
  // UTC in the browser too: the Time zone select starts at the browser's zone.
  const { page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width, height: 900 }, timezoneId: 'UTC' },
  );
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${bot}/analytics`);
  await page.getByRole('list', { name: 'Funnel' }).waitFor();
  await page.getByLabel('Period').selectOption('allTime');
  await page.locator('.chart canvas').waitFor();
  return page;
}

/** The x range the chart drew, waiting for the one of a new series (the previous one is cleared with its chart). */
async function drawnRange(page: Page, from: Date): Promise<{ min: Date; max: Date }> {
  const figure = page.locator(`figure.chart[data-x-min="${from.toISOString()}"]`);
  await figure.waitFor();
  return {
    min: new Date((await figure.getAttribute('data-x-min'))!),
    max: new Date((await figure.getAttribute('data-x-max'))!),
  };
}

/** WCAG contrast ratio of an rgb() colour against white. */
function contrastWithWhite(rgb: string): number {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  return 1.05 / (luminance + 0.05);
}

test('all time: the x range runs from the bucket of the first event to now, for every interval', async () => {
  const page = await openAnalytics(botId, 1280);
  for (const interval of ['DAY', 'HOUR', 'WEEK'] as const) {
    await page.getByLabel('Interval').selectOption(interval);
    const before = Date.now();
    const { min, max } = await drawnRange(page, bucketStart(firstEvent, interval));
    expect({ interval, min: min.toISOString() }).toEqual({
      interval,
      min: bucketStart(firstEvent, interval).toISOString(),
    });
    // Ends at now (the chart is drawn after the answer arrives): never in the future, not a minute old.
    expect(max.getTime()).toBeGreaterThan(before - 60_000);
    expect(max.getTime()).toBeLessThanOrEqual(Date.now());
  }
  await page.getByLabel('Interval').selectOption('DAY');
  await drawnRange(page, bucketStart(firstEvent, 'DAY'));
  await screenshot(page, 'analytics-chart-1280');
  await page.context().close();
});

test('a period that ended (last month) ends at its last bucket; today starts at midnight', async () => {
  const page = await openAnalytics(botId, 1280);
  await page.getByLabel('Period').selectOption('lastMonth');
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  expect(await drawnRange(page, lastMonthStart)).toEqual({ min: lastMonthStart, max: monthStart });
  await page.getByLabel('Period').selectOption('today');
  const { max } = await drawnRange(page, bucketStart(now, 'DAY'));
  expect(max.getTime()).toBeLessThanOrEqual(Date.now());
  expect(max.getTime()).toBeGreaterThan(now.getTime() - 60_000);
  await page.context().close();
});

test('a bot whose views are a moment old: one bucket, from its start to now (not three years)', async () => {
  const page = await openAnalytics(newBotId, 1280);
  for (const interval of ['DAY', 'HOUR', 'WEEK'] as const) {
    await page.getByLabel('Interval').selectOption(interval);
    const { max } = await drawnRange(page, bucketStart(newBotViewedAt, interval));
    expect(max.getTime()).toBeLessThanOrEqual(Date.now());
    expect(max.getTime()).toBeGreaterThan(Date.now() - 60_000);
  }
  await page.locator('.chart').screenshot({ path: path.join(ARTEFACTS, 'analytics-chart-one-bucket.png') });
  await page.context().close();
});

test('the Views line is drawn in a colour that stands out on white, thick enough to see, with a legend', async () => {
  const page = await openAnalytics(botId, 1280);
  await drawnRange(page, bucketStart(firstEvent, 'DAY'));
  const legend = await page.locator('.chart .u-legend .u-series').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('.u-label')?.textContent,
      colour:
        row.querySelector<HTMLElement>('.u-marker') && getComputedStyle(row.querySelector('.u-marker')!).borderColor,
    })),
  );
  expect(legend.map((row) => row.label)).toEqual(['Time', 'Views', 'Starts', 'Completions']);
  const colours = legend.slice(1).map((row) => row.colour!);
  expect(new Set(colours).size).toBe(3);
  for (const colour of colours) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  // Pixels of the Views colour on the plot: a line of width 2 or more along the whole plot leaves at least twice its width of them.
  const views = colours[0]!.match(/\d+/g)!.map(Number);
  const { pixels, plotWidth } = await page.locator('.chart canvas').evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 30) count += 1;
    return { pixels: count, plotWidth: canvas.width };
  }, views);
  expect(pixels).toBeGreaterThan(plotWidth * 1.5);
  await page.context().close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px the drop-off labels are 12 px or more on screen at the zoom that fits the flow`, async () => {
    const page = await openAnalytics(botId, width);
    const labels = page.locator('.drop-off');
    await labels.first().waitFor();
    // Let React Flow fit the view.
    await page.waitForTimeout(500);
    const zoom = await page
      .locator('.react-flow__viewport')
      .evaluate((viewport) => new DOMMatrix(getComputedStyle(viewport).transform).a);
    const sizes = await labels.evaluateAll((spans) =>
      spans.map((span) => ({
        size: parseFloat(getComputedStyle(span).fontSize),
        colour: getComputedStyle(span).color,
      })),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    for (const { size, colour } of sizes) {
      expect(size * zoom).toBeGreaterThanOrEqual(12);
      expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
    }
    // Edge totals (buttons, condition) too.
    const edgeLabels = await page
      .locator('.react-flow__edge-text')
      .evaluateAll((texts) =>
        texts.map((text) => ({ text: text.textContent, size: parseFloat(getComputedStyle(text).fontSize) })),
      );
    expect(edgeLabels.length).toBeGreaterThanOrEqual(1);
    for (const { size } of edgeLabels) expect(size * zoom).toBeGreaterThanOrEqual(12);
    await screenshot(page, `analytics-flow-${width}`);
    await page.context().close();
  });
}
