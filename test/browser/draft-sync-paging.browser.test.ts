import { createBot, group, textBubble, v6Bot, type Json } from '../helpers/chat';
import { editorSuite, saved, signedInAdmin } from '../helpers/console-editor';
import { request } from '../helpers/http';

// The change log is read a page at a time (docs/co-editing.md): an editor
// further behind than one page reads the next ones until it has every save.

jest.setTimeout(120_000);

const suite = editorSuite({ drafts: { changesPerRead: 2 } });

test('an editor that missed more saves than one page holds catches up on all of them with its next save', async () => {
  const { server, browser } = suite.current();
  const second = group('g2', [textBubble('b2', 'Second words')], 'Second');
  second.graphCoordinates = { x: 420, y: 0 };
  const { botId } = await createBot(
    server,
    v6Bot({ name: 'Paged', groups: [group('g1', [textBubble('b1', 'Hello')], 'Welcome'), second] }),
  );
  const ann = await signedInAdmin(browser, server, { width: 1280, height: 800 });
  // Ann's live stream never opens: she hears of nobody's saves until her own save's answer.
  await ann.page.route('**/graphql', (route) =>
    (route.request().headers().accept ?? '').includes('text/event-stream') ? undefined : route.continue(),
  );
  await ann.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await ann.page.getByRole('group', { name: 'Welcome' }).waitFor();

  // An API client saves five times: two pages and a half behind.
  for (const words of ['one', 'two', 'three', 'four', 'five']) {
    const draft = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;
    const [welcome, ...others] = draft.groups as Json[];
    const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
      token: server.adminToken,
      json: { bot: { groups: [{ ...welcome, blocks: [textBubble('b1', `Words ${words}`)] }, ...others] } },
    });
    expect(patched.status).toBe(200);
  }

  await ann.page.locator('.flow-block[data-block-id="b2"]').click();
  const message = ann.page
    .getByRole('complementary', { name: 'Block settings' })
    .getByRole('textbox', { name: 'Message' });
  await message.click();
  await ann.page.keyboard.press('End');
  await ann.page.keyboard.type(' and more');
  await saved(ann.page);
  await ann.page.locator('.flow-block[data-block-id="b1"]', { hasText: 'Words five' }).waitFor({ timeout: 5_000 });
  const stored = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    groups: { blocks: { content: { richText: { children: { text: string }[] }[] } }[] }[];
  };
  expect(stored.groups.map((each) => each.blocks[0]!.content.richText[0]!.children[0]!.text)).toEqual([
    'Words five',
    'Second words and more',
  ]);
  await ann.context.close();
});
