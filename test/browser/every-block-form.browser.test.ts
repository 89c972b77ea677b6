import type { Locator, Page } from 'playwright-core';
import { parseDefinition } from '../../src/engine/definition/parse';
import { handlerFor } from '../../src/engine/blocks/registry';
import { errorOf, field, optionTexts, shootForm, shownLabels } from '../helpers/block-form-rows';
import { createBot, group, v6Bot } from '../helpers/chat';
import { editorSuite, saved, signedInAdmin } from '../helpers/console-editor';
import {
  at,
  blockWithIds,
  choiceSpots,
  fieldCount,
  modePair,
  modesIn,
  plainField,
  setAt,
  type Mode,
  type Node,
} from '../helpers/every-form';
import { graphql, request } from '../helpers/http';
import type { TestServer } from '../helpers/test-server';

// Every block type of the catalogue (the API's blockTypes, no list kept here)
// gets its form checked against its own author schema (form-schema.ts): its
// options are real fields, the JSON folded away; its modes are a select in
// words showing only the chosen mode's fields; its lists of values are selects
// in words; a value outside the list is refused at its field in words until a
// good one is chosen; and what is chosen is saved at the schema's key, in a
// block the engine parses. Failures are collected per type, so one run names
// every form that is wrong.

jest.setTimeout(600_000);

const suite = editorSuite();

const WRONG = 'Not a value';

interface BlockType {
  type: string;
  label: string;
  optionsSchema: Node;
  defaultBlock: Node;
}

interface Failure {
  type: string;
  failed: string;
}

/** One block type's form, as the test opens it. */
interface Form {
  type: BlockType;
  page: Page;
  panel: Locator;
  options: Locator;
  fail(failed: string): void;
}

const slug = (type: string) => type.replace(/\W+/g, '-');

/** A field of the Options section by its label (the first: nested objects may repeat a label). */
const optionField = ({ options }: Form, label: string) => field(options, label).first();

/** 1. The options are fields, the JSON view folded. */
async function checkRealFields(form: Form): Promise<void> {
  const properties = form.type.optionsSchema.properties;
  if (!properties || Object.keys(properties).length === 0) return;
  // A list with no rows yet is its "Add …" button.
  const real = form.options.locator('input, select, textarea, button').filter({ visible: true });
  const outsideJson = await real.evaluateAll(
    (nodes) => nodes.filter((node) => !node.closest('details.json-box')).length,
  );
  if (outsideJson === 0) form.fail('the Options section shows no field outside the JSON view');
  const json = form.options.locator('details.json-box');
  if ((await json.count()) !== 1) form.fail('no "Advanced: options as JSON" view');
  else if ((await json.getAttribute('open')) !== null) form.fail('the JSON view is open by default');
}

/** 3. Each list-of-values field shown is a select offering every value in words. */
async function checkChoices(form: Form, value: Node): Promise<void> {
  for (const spot of choiceSpots(form.type.optionsSchema, value)) {
    const control = optionField(form, spot.label);
    if ((await control.count()) === 0 || !(await control.isVisible())) continue;
    const tag = await control.evaluate((node) => node.tagName);
    if (tag !== 'SELECT') {
      form.fail(`"${spot.label}" (a list of values) is a ${tag.toLowerCase()}, not a select`);
      continue;
    }
    const texts = await optionTexts(control);
    const missing = spot.choices.filter((choice) => !texts.includes(choice.title)).map((choice) => choice.title);
    if (missing.length) form.fail(`"${spot.label}" does not offer ${JSON.stringify(missing)}`);
  }
}

/** 2. Mode `mode` chosen: its own fields show, and no other mode's own field does. */
async function checkMode(form: Form, mode: Mode, others: Mode[]): Promise<void> {
  const shown = new Set(await shownLabels(form.panel));
  const absent = mode.own.filter((label) => !shown.has(label));
  if (absent.length) form.fail(`mode "${mode.title}" does not show its fields ${JSON.stringify(absent)}`);
  const foreign = [...new Set(others.flatMap((other) => other.own))].filter(
    (label) => !mode.allowed.has(label) && shown.has(label),
  );
  if (foreign.length) form.fail(`mode "${mode.title}" shows other modes' fields ${JSON.stringify(foreign)}`);
}

/** Chooses `title` in the select; false (and a failure) when it cannot. */
async function choose(form: Form, select: Locator, title: string): Promise<boolean> {
  try {
    await select.selectOption({ label: title }, { timeout: 3000 });
    return true;
  } catch {
    form.fail(`cannot choose "${title}"`);
    return false;
  }
}

/**
 * Runs checks 1–4 on the open form and makes one change; answers where in the
 * options the change is saved and what it holds (undefined: nothing to change).
 */
async function exercise(form: Form): Promise<{ path: string[]; value: unknown } | undefined> {
  const schema = form.type.optionsSchema;
  await checkRealFields(form);
  const first = choiceSpots(schema, {})[0];
  const modes = modesIn(schema);
  // 4. The imported value outside the list is refused at its field, in words.
  let firstSelect: Locator | undefined;
  if (first) {
    firstSelect = optionField(form, first.label);
    if ((await firstSelect.count()) === 0) form.fail(`no field "${first.label}" for the value "${WRONG}"`);
    else {
      if ((await firstSelect.getAttribute('aria-invalid')) !== 'true')
        form.fail(`"${first.label}" holding "${WRONG}" is not aria-invalid`);
      const words = await errorOf(firstSelect);
      if (!words.includes(`“${WRONG}”`))
        form.fail(`"${first.label}" holding "${WRONG}" says ${JSON.stringify(words)}, not the value`);
    }
  }
  await checkChoices(form, setAt({}, first?.path ?? [], WRONG));
  // 2. Modes: a select in words; each mode shows its own fields only.
  if (modes) {
    const { modes: meta, label, list } = modes;
    const select = optionField(form, label);
    if ((await select.count()) === 0 || (await select.evaluate((node) => node.tagName)) !== 'SELECT') {
      form.fail(`no select for the mode "${meta.key}"`);
      return undefined;
    }
    const texts = await optionTexts(select);
    const missing = list.filter((mode) => !texts.includes(mode.title)).map((mode) => mode.title);
    if (missing.length) form.fail(`the mode select does not offer ${JSON.stringify(missing)}`);
    const pair = modePair(list);
    const sequence = pair ?? (list[0] ? [list[0]] : []);
    let chosen: Mode | undefined;
    for (const mode of sequence) {
      if (!(await choose(form, select, mode.title))) return undefined;
      chosen = mode;
      await checkMode(
        form,
        mode,
        list.filter((other) => other !== mode),
      );
      await checkChoices(form, { [meta.key]: mode.value });
      if (mode === sequence[0] && first?.path.join('.') === meta.key) await checkCleared(form, select, first.label);
    }
    return chosen && { path: [meta.key], value: chosen.value };
  }
  if (first && firstSelect && (await firstSelect.count())) {
    const choice = first.choices[0]!;
    if (!(await choose(form, firstSelect, choice.title))) return undefined;
    await checkCleared(form, firstSelect, first.label);
    return { path: first.path, value: choice.value };
  }
  // 5. No list of values: one plain field changes.
  const plain = plainField(schema, `every-${slug(form.type.type)}`);
  if (!plain) return undefined;
  const input = optionField(form, plain.label);
  if ((await input.count()) === 0) {
    form.fail(`no field "${plain.label}" for the option "${plain.key}"`);
    return undefined;
  }
  if (plain.typed === undefined) await input.check();
  else {
    await input.fill(plain.typed);
    await input.blur();
  }
  return { path: [plain.key], value: plain.saved };
}

/** 4. A good value chosen: the field is no longer invalid and says nothing. */
async function checkCleared(form: Form, select: Locator, label: string): Promise<void> {
  if ((await select.getAttribute('aria-invalid')) === 'true')
    form.fail(`"${label}" stays aria-invalid once a good value is chosen`);
  if ((await errorOf(select)).trim() !== '')
    form.fail(`"${label}" still says ${JSON.stringify(await errorOf(select))}`);
}

async function blockTypes(server: TestServer): Promise<BlockType[]> {
  const { body } = await graphql(
    server.url,
    '{ blockTypes { type label optionsSchema defaultBlock } }',
    {},
    server.adminToken,
  );
  return body.data.blockTypes as BlockType[];
}

/** A bot whose one block is of `type`, its first list-of-values field holding a value outside the list. */
async function botWith(server: TestServer, type: BlockType): Promise<string> {
  const first = choiceSpots(type.optionsSchema, {})[0];
  const defaults = (type.defaultBlock.options as Node | undefined) ?? {};
  const options = first ? setAt(defaults, first.path, WRONG) : defaults;
  const { botId } = await createBot(
    server,
    v6Bot({
      name: `Every form: ${type.label}`,
      groups: [group('g', [blockWithIds('b', type.type, type.defaultBlock, options)], type.label)],
      variables: [{ id: 'v-answer', name: 'Answer' }],
    }),
  );
  return botId;
}

/** 5. The saved bot, read through the API, holds `change` and the engine parses it and the block's options. */
async function checkSaved(
  server: TestServer,
  botId: string,
  type: string,
  change: { path: string[]; value: unknown } | undefined,
  fail: (failed: string) => void,
): Promise<void> {
  let bot: Node = {};
  let block: Node | undefined;
  for (const started = Date.now(); Date.now() - started < 5000; await new Promise((r) => setTimeout(r, 200))) {
    const answer = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
    bot = answer.body.bot as Node;
    const groups = bot.groups as { blocks: Node[] }[];
    block = groups.flatMap((each) => each.blocks).find((each) => each.id === 'b');
    if (!change || JSON.stringify(at(block?.options, change.path)) === JSON.stringify(change.value)) break;
  }
  if (change && JSON.stringify(at(block?.options, change.path)) !== JSON.stringify(change.value))
    fail(
      `saved options.${change.path.join('.')} is ${JSON.stringify(at(block?.options, change.path))}, not ${JSON.stringify(change.value)}`,
    );
  const parsed = parseDefinition(bot);
  if (!parsed.ok) fail(`the engine does not parse the saved bot: ${JSON.stringify(parsed.issues).slice(0, 300)}`);
  try {
    handlerFor(type)!.options.parse(block?.options ?? {});
  } catch (error) {
    fail(`the engine does not parse the block's options: ${String(error).slice(0, 300)}`);
  }
}

test('every block type’s form: real fields, modes and lists in words, wrong values refused, saved as the reference says', async () => {
  const { server, browser } = suite.current();
  const types = await blockTypes(server);
  expect(types.length).toBeGreaterThan(40);
  const richest = new Set(
    [...types]
      .sort((a, b) => fieldCount(b.optionsSchema) - fieldCount(a.optionsSchema))
      .slice(0, 10)
      .map((each) => each.type),
  );
  const failures: Failure[] = [];
  const { context, page } = await signedInAdmin(browser, server, { width: 1280, height: 900 });
  page.setDefaultTimeout(5000);
  const panel = page.getByRole('complementary', { name: 'Block settings' });
  for (const type of types) {
    const fail = (failed: string) => failures.push({ type: type.type, failed });
    try {
      const botId = await botWith(server, type);
      await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
      await page.locator('.flow-block[data-block-id="b"]').click();
      await panel.getByRole('heading', { name: type.label, exact: true }).waitFor();
      const form: Form = { type, page, panel, options: panel.locator('section.options'), fail };
      const change = await exercise(form);
      if (richest.has(type.type)) await shootForm(page, panel, `every-form-${slug(type.type)}`);
      await saved(page);
      await checkSaved(server, botId, type.type, change, fail);
    } catch (error) {
      fail(`stopped: ${String(error).split('\n')[0]}`);
    }
  }
  await context.close();
  expect(failures).toEqual([]);
});
