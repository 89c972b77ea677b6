import type { InboundMessage, TurnToSend } from '../../../../../src/services/channels/channel';
import { telegramChannel } from '../../../../../src/services/channels/telegram/channel';

const credentials = { botToken: '1:abc', secretToken: 'hook-secret' };
const CHAT = '-1001';
const render = (turn: TurnToSend) => telegramChannel.render(turn, CHAT, credentials);
const textBubble = (id: string, text: string, marks: Record<string, boolean> = {}) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text, ...marks }] }] },
});

describe('render', () => {
  test('text in HTML, media by URL, hosted videos and redirects as text', () => {
    const turn: TurnToSend = {
      messages: [
        textBubble('t1', 'Hi <you>', { bold: true }),
        { id: 'img', type: 'image', content: { url: 'https://x.example/a.png' } },
        { id: 'vid', type: 'video', content: { url: 'https://x.example/m.mp4', type: 'url' } },
        { id: 'yt', type: 'video', content: { url: 'youtu.be/abc', id: 'abc', type: 'youtube' } },
        { id: 'aud', type: 'audio', content: { url: 'https://x.example/a.mp3' } },
      ],
      clientSideActions: [
        { type: 'redirect', redirect: { url: 'https://r.example/?a=1&b=2' }, lastBubbleBlockId: 'aud' },
      ],
      input: { id: 'q', type: 'email input' },
    };
    expect(render(turn)).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: '<b>Hi &lt;you&gt;</b>', parse_mode: 'HTML' },
        },
        { method: 'POST', path: '/sendPhoto', body: { chat_id: CHAT, photo: 'https://x.example/a.png' } },
        { method: 'POST', path: '/sendVideo', body: { chat_id: CHAT, video: 'https://x.example/m.mp4' } },
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: 'https://youtu.be/abc', parse_mode: 'HTML' },
        },
        { method: 'POST', path: '/sendAudio', body: { chat_id: CHAT, audio: 'https://x.example/a.mp3' } },
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: 'https://r.example/?a=1&amp;b=2', parse_mode: 'HTML' },
        },
      ],
      choices: {},
    });
  });

  test('a single choice: an inline keyboard, one button per row, under the last text bubble', () => {
    const longId = 'x'.repeat(65);
    const turn: TurnToSend = {
      messages: [textBubble('t1', 'Pick')],
      input: {
        id: 'choice',
        type: 'choice input',
        items: [
          { id: 'i1', content: 'Yes' },
          { id: longId, content: 'No' },
        ],
      },
    };
    expect(render(turn)).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: {
            chat_id: CHAT,
            text: 'Pick',
            parse_mode: 'HTML',
            reply_markup: {
              inline_keyboard: [[{ text: 'Yes', callback_data: 'i1' }], [{ text: 'No', callback_data: '~1' }]],
            },
          },
        },
      ],
      choices: { i1: 'Yes', '~1': 'No' },
    });
  });

  test('a multiple choice: a numbered list; cards: photos with a caption and their keyboard', () => {
    const multiple = render({
      messages: [],
      input: {
        id: 'choice',
        type: 'choice input',
        items: [
          { id: 'i1', content: 'A & B' },
          { id: 'i2', content: 'C' },
        ],
        options: { isMultipleChoice: true },
      },
    });
    expect(multiple).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: '1. A &amp; B\n2. C', parse_mode: 'HTML' },
        },
      ],
      choices: { '#1': 'A & B', '#2': 'C' },
    });
    const cards = render({
      messages: [],
      input: {
        id: 'cards',
        type: 'cards',
        items: [
          {
            id: 'c1',
            title: 'Red',
            description: 'Warm',
            imageUrl: 'https://x.example/r.png',
            paths: [{ id: 'p1', text: 'Pick' }],
          },
          { id: 'c2', title: 'Blue', paths: [{ id: 'p2', text: 'Pick' }] },
        ],
      },
    });
    expect(cards.requests).toEqual([
      {
        method: 'POST',
        path: '/sendPhoto',
        body: {
          chat_id: CHAT,
          photo: 'https://x.example/r.png',
          caption: '<b>Red</b>\n\nWarm',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Pick', callback_data: 'p1' }]] },
        },
      },
      {
        method: 'POST',
        path: '/sendMessage',
        body: {
          chat_id: CHAT,
          text: '<b>Blue</b>',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Pick', callback_data: 'p2' }]] },
        },
      },
    ]);
    expect(cards.choices).toEqual({ p1: 'Red', p2: 'Blue' });
  });
});

/** What Telegram shows of a message: its text without tags, an entity as its character. */
function shown(html: string): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
  return html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot);/g, (entity) => entities[entity] ?? entity);
}

/** Whether every tag opened is closed, in order. */
function balanced(html: string): boolean {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (!closing) open.push(name ?? '');
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

const texts = (turn: TurnToSend) =>
  render(turn).requests.map((request) => {
    expect([request.path, request.body?.parse_mode]).toEqual(['/sendMessage', 'HTML']);
    return String(request.body?.text);
  });
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

describe('texts over 4096 characters', () => {
  test('split between paragraphs into messages of at most 4096 shown characters, each valid HTML, none lost', () => {
    const paragraph = (index: number) => ({
      type: 'p',
      children: [
        { text: `${index} & ` },
        { text: 'bold '.repeat(40), bold: true },
        { type: 'a', url: 'https://x.example/?a=1&b=2', children: [{ text: 'link <here>', italic: true }] },
        { text: ' plain '.repeat(30) },
      ],
    });
    const richText = Array.from({ length: 40 }, (_, index) => paragraph(index));
    const chunks = texts({ messages: [{ id: 't1', type: 'text', content: { type: 'richText', richText } }] });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(Array.from(shown(chunk)).length).toBeLessThanOrEqual(4096);
      expect(balanced(chunk)).toBe(true);
      expect(chunk).toMatch(/^\d+ &amp; <b>/);
    }
    expect(withoutSpaces(chunks.map(shown).join(''))).toBe(
      withoutSpaces(
        richText.map((_, index) => `${index} & ${'bold '.repeat(40)}link <here>${' plain '.repeat(30)}`).join(''),
      ),
    );
  });

  test('a paragraph longer than a message is split inside, its formatting kept on each side', () => {
    const chunks = texts({ messages: [textBubble('t1', 'bold & '.repeat(1000), { bold: true })] });
    expect(chunks.map((chunk) => Array.from(shown(chunk)).length)).toEqual([4094, 2905]);
    for (const chunk of chunks) expect(chunk).toMatch(/^<b>bold &amp;.*&amp;<\/b> ?$/s);
  });

  test('an emoji at the limit stays whole', () => {
    const chunks = texts({ messages: [textBubble('t1', '😀'.repeat(4097))] });
    expect(chunks).toEqual(['😀'.repeat(4096), '😀']);
  });

  test('a prompt too long: the overflow in messages before, the keyboard under the last one', () => {
    const turn: TurnToSend = {
      messages: [textBubble('t1', `${'a'.repeat(4000)} ${'b'.repeat(4100)}`)],
      input: { id: 'choice', type: 'choice input', items: [{ id: 'i1', content: 'Yes' }] },
    };
    expect(render(turn).requests.map((request) => request.body)).toEqual([
      { chat_id: CHAT, text: 'a'.repeat(4000), parse_mode: 'HTML' },
      { chat_id: CHAT, text: 'b'.repeat(4096), parse_mode: 'HTML' },
      {
        chat_id: CHAT,
        text: 'bbbb',
        parse_mode: 'HTML',
        reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 'i1' }]] },
      },
    ]);
  });

  test('a numbered list too long: split between its lines', () => {
    const items = Array.from({ length: 300 }, (_, index) => `Item ${index + 1} ${'&'.repeat(10)}`);
    const chunks = texts({
      messages: [],
      input: {
        id: 'choice',
        type: 'choice input',
        items: items.map((content, index) => ({ id: `i${index}`, content })),
        options: { isMultipleChoice: true },
      },
    });
    expect(chunks).toHaveLength(2);
    expect(chunks.map(shown).join('\n')).toBe(items.map((item, index) => `${index + 1}. ${item}`).join('\n'));
  });
});

describe('verify and acknowledge', () => {
  test('the secret token header must equal the credentials secret', () => {
    const request = (headers: Record<string, string | undefined>) => ({ rawBody: Buffer.from('{}'), headers });
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook-secret' }), credentials)).toBe(
      true,
    );
    expect(telegramChannel.verify(request({ 'X-Telegram-Bot-Api-Secret-Token': 'hook-secret' }), credentials)).toBe(
      true,
    );
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook-secreT' }), credentials)).toBe(
      false,
    );
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook' }), credentials)).toBe(false);
    expect(telegramChannel.verify(request({}), credentials)).toBe(false);
    expect(
      telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': '' }), { ...credentials, secretToken: '' }),
    ).toBe(false);
  });

  test('a message: typing; a callback: answered first', () => {
    const base: InboundMessage = {
      externalId: '7',
      conversationKey: CHAT,
      sentAt: 0,
      content: { type: 'text', text: 'x' },
    };
    expect(telegramChannel.acknowledge(base, credentials)).toEqual([
      { method: 'POST', path: '/sendChatAction', body: { chat_id: CHAT, action: 'typing' } },
    ]);
    expect(
      telegramChannel.acknowledge(
        { ...base, content: { type: 'reply', id: 'i1', title: 'Yes' }, callbackQueryId: 'cb1' },
        credentials,
      ),
    ).toEqual([
      { method: 'POST', path: '/answerCallbackQuery', body: { callback_query_id: 'cb1' } },
      { method: 'POST', path: '/sendChatAction', body: { chat_id: CHAT, action: 'typing' } },
    ]);
  });
});
