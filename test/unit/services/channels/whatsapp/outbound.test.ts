import type { TurnToSend } from '../../../../../src/services/channels/channel';
import { whatsAppChannel } from '../../../../../src/services/channels/whatsapp/channel';

const credentials = {
  phoneNumberId: '123',
  businessAccountId: 'waba',
  accessToken: 'token',
  appSecret: 'secret',
  verifyToken: 'verify',
};
const TO = '33600000000';

const textBubble = (id: string, text: string, marks: Record<string, boolean> = {}) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text, ...marks }] }] },
});

function render(turn: TurnToSend) {
  return whatsAppChannel.render(turn, TO, credentials);
}

/** The message bodies without the envelope every request shares (checked once below). */
function bodies(turn: TurnToSend) {
  return render(turn).requests.map((request) => {
    const { messaging_product: product, to, ...message } = request.body ?? {};
    expect([request.method, request.path, product, to]).toEqual(['POST', '/123/messages', 'whatsapp', TO]);
    return message;
  });
}

const choice = (items: { id: string; content: string }[], options: Record<string, unknown> = {}) => ({
  id: 'choice',
  type: 'choice input',
  items,
  options,
});

describe('bubbles and actions', () => {
  test('each request posts one message to the phone number', () => {
    expect(render({ messages: [textBubble('t1', 'Hello', { bold: true })] })).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/123/messages',
          body: { messaging_product: 'whatsapp', to: TO, type: 'text', text: { body: '*Hello*' } },
        },
      ],
      choices: {},
    });
  });

  test('text, media by link, hosted videos and embeds as links, redirects where they happen', () => {
    const turn: TurnToSend = {
      messages: [
        textBubble('t1', 'Hi'),
        { id: 'img', type: 'image', content: { url: 'https://x.example/a.png' } },
        { id: 'gif', type: 'image', content: { url: 'https://x.example/a.gif?x=1' } },
        { id: 'vid', type: 'video', content: { url: 'https://x.example/movie.mp4', type: 'url' } },
        { id: 'yt', type: 'video', content: { url: 'youtube.com/watch?v=abc', id: 'abc', type: 'youtube' } },
        { id: 'aud', type: 'audio', content: { url: 'https://x.example/a.mp3' } },
        { id: 'emb', type: 'embed', content: { url: 'https://x.example/page', height: 400 } },
        { id: 'md', type: 'text', content: { type: 'markdown', markdown: '**Bye** _now_' } },
        { id: 'empty', type: 'text', content: { type: 'richText', richText: [] } },
        { id: 'odd', type: 'custom-embed', content: {} },
      ],
      clientSideActions: [
        { type: 'redirect', redirect: { url: 'https://first.example' } },
        { type: 'redirect', redirect: { url: 'https://after.example' }, lastBubbleBlockId: 'img' },
        { type: 'wait', wait: { secondsToWaitFor: 2 }, lastBubbleBlockId: 'vid' },
        { type: 'scriptToExecute', scriptToExecute: { content: 'x' }, lastBubbleBlockId: 'vid' },
      ],
    };
    expect(bodies(turn)).toEqual([
      { type: 'text', text: { body: 'https://first.example', preview_url: true } },
      { type: 'text', text: { body: 'Hi' } },
      { type: 'image', image: { link: 'https://x.example/a.png' } },
      { type: 'text', text: { body: 'https://after.example', preview_url: true } },
      { type: 'text', text: { body: 'https://x.example/a.gif?x=1', preview_url: true } },
      { type: 'video', video: { link: 'https://x.example/movie.mp4' } },
      { type: 'text', text: { body: 'https://youtube.com/watch?v=abc', preview_url: true } },
      { type: 'audio', audio: { link: 'https://x.example/a.mp3' } },
      { type: 'text', text: { body: 'https://x.example/page', preview_url: true } },
      { type: 'text', text: { body: '*Bye* _now_' } },
    ]);
  });

  test('a text input adds nothing: the bubbles are sent, the answer awaited', () => {
    expect(bodies({ messages: [textBubble('t1', 'Name?')], input: { id: 'q', type: 'text input' } })).toEqual([
      { type: 'text', text: { body: 'Name?' } },
    ]);
  });
});

describe('texts over 4096 characters', () => {
  test('a text bubble: several messages in order, split at the last paragraph break, none of it lost', () => {
    const first = `${'a'.repeat(3000)}\n\n${'b'.repeat(1000)}`;
    const second = `${'c'.repeat(50)}\n${'d'.repeat(50)}`;
    const markdown = `${first}\n\n${second}`;
    expect(bodies({ messages: [{ id: 't1', type: 'text', content: { type: 'markdown', markdown } }] })).toEqual([
      { type: 'text', text: { body: first } },
      { type: 'text', text: { body: second } },
    ]);
  });

  test('hard at the limit when nothing breaks the text, an emoji kept whole', () => {
    expect(bodies({ messages: [textBubble('t1', `${'x'.repeat(4095)}😀😀${'y'.repeat(5000)}`)] })).toEqual([
      { type: 'text', text: { body: `${'x'.repeat(4095)}😀` } },
      { type: 'text', text: { body: `😀${'y'.repeat(4095)}` } },
      { type: 'text', text: { body: 'y'.repeat(905) } },
    ]);
  });

  test('a numbered list: its prompt and its lines split too; a caption is still cut at 1024', () => {
    const turn: TurnToSend = {
      messages: [textBubble('t1', `${'Why '.repeat(1020)}?`)],
      input: choice(
        [
          { id: 'i1', content: 'Cheese' },
          { id: 'i2', content: 'Ham' },
        ],
        { isMultipleChoice: true },
      ),
    };
    expect(bodies(turn)).toEqual([
      { type: 'text', text: { body: `${'Why '.repeat(1020)}?` } },
      { type: 'text', text: { body: '1. Cheese\n2. Ham' } },
    ]);
    const pictures = bodies({
      messages: [],
      input: {
        id: 'pic',
        type: 'picture choice input',
        items: [{ id: 'p1', pictureSrc: 'https://x.example/a.png', title: 'T'.repeat(2000) }],
        options: { isMultipleChoice: true },
      },
    });
    expect(pictures[0]).toEqual({
      type: 'image',
      image: { link: 'https://x.example/a.png', caption: `1. ${'T'.repeat(1020)}…` },
    });
  });
});

describe('single choice', () => {
  test('up to 3 items: reply buttons under the last text bubble, ids the item ids', () => {
    const turn: TurnToSend = {
      messages: [textBubble('t0', 'Hello'), textBubble('t1', 'Pick one', { bold: true })],
      input: choice([
        { id: 'i1', content: 'Yes' },
        { id: 'i2', content: 'No' },
        { id: 'i3', content: '' },
      ]),
    };
    expect(render(turn).choices).toEqual({ i1: 'Yes', i2: 'No' });
    expect(bodies(turn)).toEqual([
      { type: 'text', text: { body: 'Hello' } },
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: '*Pick one*' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'i1', title: 'Yes' } },
              { type: 'reply', reply: { id: 'i2', title: 'No' } },
            ],
          },
        },
      },
    ]);
  });

  test('titles cut to 20 characters and kept distinct; no text bubble before gives a placeholder body', () => {
    const long = 'A very long answer that goes on';
    const turn: TurnToSend = {
      messages: [{ id: 'img', type: 'image', content: { url: 'https://x.example/a.png' } }],
      input: choice([
        { id: 'i1', content: long },
        { id: 'i2', content: `${long} and on` },
      ]),
    };
    expect(bodies(turn)[1]).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: '―' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'i1', title: 'A very long answer …' } },
            { type: 'reply', reply: { id: 'i2', title: 'A very long ans… (2)' } },
          ],
        },
      },
    });
  });

  test('a text bubble followed by an action stays a bubble', () => {
    const turn: TurnToSend = {
      messages: [textBubble('t1', 'Go')],
      clientSideActions: [{ type: 'redirect', redirect: { url: 'https://r.example' }, lastBubbleBlockId: 't1' }],
      input: choice([{ id: 'i1', content: 'Ok' }]),
    };
    expect(bodies(turn).map((body) => body.type)).toEqual(['text', 'text', 'interactive']);
  });

  test('beyond 3 items: list messages of at most 10 rows, titles within 24 characters', () => {
    const items = Array.from({ length: 12 }, (_, index) => ({ id: `i${index + 1}`, content: `Option ${index + 1}` }));
    items[0] = { id: 'i1', content: 'An option whose label is far too long for a row' };
    const turn: TurnToSend = { messages: [textBubble('t1', 'Which?')], input: choice(items) };
    const [first, second] = bodies(turn);
    expect(first).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Which?' },
        action: {
          button: 'Choose',
          sections: [
            {
              rows: [
                {
                  id: 'i1',
                  title: 'An option whose label i…',
                  description: 'An option whose label is far too long for a row',
                },
                ...items.slice(1, 10).map((item) => ({ id: item.id, title: item.content })),
              ],
            },
          ],
        },
      },
    });
    expect(second).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: '―' },
        action: {
          button: 'Choose',
          sections: [
            {
              rows: [
                { id: 'i11', title: 'Option 11' },
                { id: 'i12', title: 'Option 12' },
              ],
            },
          ],
        },
      },
    });
    expect(Object.keys(render(turn).choices)).toHaveLength(12);
  });
});

describe('multiple choice, picture choice, cards', () => {
  test('a multiple choice is a numbered text list, its items kept under their numbers', () => {
    const turn: TurnToSend = {
      messages: [textBubble('t1', 'Toppings?')],
      input: choice(
        [
          { id: 'i1', content: 'Cheese' },
          { id: 'i2', content: 'Ham' },
        ],
        { isMultipleChoice: true, buttonLabel: 'Send' },
      ),
    };
    expect(render(turn)).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/123/messages',
          body: {
            messaging_product: 'whatsapp',
            to: TO,
            type: 'text',
            text: { body: 'Toppings?\n\n1. Cheese\n2. Ham' },
          },
        },
      ],
      choices: { '#1': 'Cheese', '#2': 'Ham' },
    });
  });

  test('picture choice: one image-header button message per item', () => {
    const turn: TurnToSend = {
      messages: [],
      input: {
        id: 'pic',
        type: 'picture choice input',
        items: [
          { id: 'p1', pictureSrc: 'https://x.example/a.png', title: 'A', description: 'First' },
          { id: 'p2', pictureSrc: 'https://x.example/b.svg' },
        ],
      },
    };
    expect(bodies(turn)).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'image', image: { link: 'https://x.example/a.png' } },
          body: { text: '*A*\n\nFirst' },
          action: { buttons: [{ type: 'reply', reply: { id: 'p1', title: 'Select' } }] },
        },
      },
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: '―' },
          action: { buttons: [{ type: 'reply', reply: { id: 'p2', title: 'Select' } }] },
        },
      },
    ]);
    expect(render(turn).choices).toEqual({ p1: 'A', p2: 'https://x.example/b.svg' });
  });

  test('a multiple picture choice: captioned pictures, then the numbered list', () => {
    const turn: TurnToSend = {
      messages: [],
      input: {
        id: 'pic',
        type: 'picture choice input',
        items: [
          { id: 'p1', pictureSrc: 'https://x.example/a.png', title: 'A' },
          { id: 'p2', pictureSrc: 'https://x.example/b.png', title: 'B' },
        ],
        options: { isMultipleChoice: true },
      },
    };
    expect(bodies(turn)).toEqual([
      { type: 'image', image: { link: 'https://x.example/a.png', caption: '1. A' } },
      { type: 'image', image: { link: 'https://x.example/b.png', caption: '2. B' } },
      { type: 'text', text: { body: '1. A\n2. B' } },
    ]);
    expect(render(turn).choices).toEqual({ '#1': 'A', '#2': 'B' });
  });

  test('cards: image header, title and description, a button per path (3 at most)', () => {
    const turn: TurnToSend = {
      messages: [],
      input: {
        id: 'cards',
        type: 'cards',
        items: [
          {
            id: 'c1',
            title: 'Red',
            description: 'Warm',
            imageUrl: 'https://x.example/red.png',
            options: {},
            paths: [
              { id: 'dynamic-card-0-path-0', text: 'Pick' },
              { id: 'p2', text: 'More' },
              { id: 'p3', text: 'Pick' },
              { id: 'p4', text: 'Fourth' },
            ],
          },
          { id: 'c1', title: 'Blue', options: {} },
        ],
      },
    };
    expect(bodies(turn)).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'image', image: { link: 'https://x.example/red.png' } },
          body: { text: '*Red*\n\nWarm' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'dynamic-card-0-path-0', title: 'Pick' } },
              { type: 'reply', reply: { id: 'p2', title: 'More' } },
              { type: 'reply', reply: { id: 'p3', title: 'Pick (2)' } },
            ],
          },
        },
      },
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: '*Blue*' },
          action: { buttons: [{ type: 'reply', reply: { id: 'card-1', title: 'Select' } }] },
        },
      },
    ]);
    expect(render(turn).choices).toEqual({
      'dynamic-card-0-path-0': 'Red',
      p2: 'Red',
      p3: 'Red',
      p4: 'Red',
      'card-1': 'Blue',
    });
  });
});
