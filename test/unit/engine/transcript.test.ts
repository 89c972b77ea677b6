import { continueChat, resumeTurn } from '../../../src/engine/chat';
import { transcriptTurnOf } from '../../../src/engine/transcript';
import { formatTranscript } from '../../../src/engine/transcript-lines';
import type { BlockDefinition } from '../../../src/engine/definition/schema';
import type { ReplyMessage, TextFormat } from '../../../src/engine/wire';
import type { RuntimeBot } from '../../../src/engine/definition/runtime-bot';
import type { TurnResult } from '../../../src/engine/turn-result';
import { testEnv } from '../../helpers/engine';
import { block, bot, edge, group, refOf, resolverOf, start, text } from './flow';

const transcriptBlock = (id: string, variableId = 'vT'): BlockDefinition =>
  block(id, 'Set variable', { options: { variableId, type: 'Transcript' } });
const valueOf = (result: TurnResult, variableId = 'vT') =>
  result.state.queue[0]!.variables.find((variable) => variable.id === variableId);

async function send(
  main: RuntimeBot,
  result: TurnResult,
  message: ReplyMessage | string,
  textFormat: TextFormat = 'richText',
  others: RuntimeBot[] = [],
) {
  const reply = typeof message === 'string' ? ({ type: 'text', text: message } as const) : message;
  return await continueChat(result.state, reply, textFormat, testEnv(), resolverOf(main, ...others));
}

describe('formatTranscript', () => {
  it('writes Assistant / User lines joined by a blank line; media by URL', () => {
    expect(
      formatTranscript([
        { role: 'bot', type: 'text', text: 'Hi **there**' },
        { role: 'bot', type: 'image', image: 'https://x.test/a.png' },
        { role: 'user', type: 'text', text: 'Yo' },
      ]),
    ).toBe('Assistant: "Hi **there**"\n\nAssistant: "https://x.test/a.png"\n\nUser: "Yo"');
    expect(formatTranscript([])).toBe('');
  });

  it('turns messages into transcript turns: text as markdown, media by URL, embeds and media without URL left out', () => {
    const richText = [{ type: 'p', children: [{ text: 'Hi ' }, { text: 'you', bold: true }] }];
    expect(transcriptTurnOf({ id: 'a', type: 'text', content: { type: 'richText', richText } })).toEqual({
      role: 'bot',
      type: 'text',
      text: 'Hi **you**',
    });
    expect(transcriptTurnOf({ id: 'a', type: 'text', content: { type: 'markdown', markdown: 'Hi **you**' } })).toEqual({
      role: 'bot',
      type: 'text',
      text: 'Hi **you**',
    });
    expect(transcriptTurnOf({ id: 'a', type: 'text', content: { type: 'richText', richText: [] } })).toEqual({
      role: 'bot',
      type: 'text',
      text: '',
    });
    expect(transcriptTurnOf({ id: 'a', type: 'audio', content: { url: 'https://x.test/a.mp3' } })).toEqual({
      role: 'bot',
      type: 'audio',
      audio: 'https://x.test/a.mp3',
    });
    expect(transcriptTurnOf({ id: 'a', type: 'image', content: {} })).toBeUndefined();
    expect(transcriptTurnOf({ id: 'a', type: 'embed', content: { url: 'https://x.test' } })).toBeUndefined();
  });
});

describe('transcript recording', () => {
  const variables = [
    { id: 'vT', name: 'Transcript' },
    { id: 'vEmail', name: 'Email' },
    { id: 'vFiles', name: 'Files' },
  ];
  const conversation = () =>
    bot(
      'main',
      [
        group('g1', [
          block('b1', 'text', {
            content: { richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'there', bold: true }] }] },
          }),
          block('img', 'image', { content: { url: 'https://x.test/{{Email}}.png' } }),
          block('emb', 'embed', { content: { url: 'https://x.test/page' } }),
          block('vid', 'video', { content: { url: 'https://youtu.be/abc123' } }),
          block('in1', 'email input', { options: { variableId: 'vEmail' } }),
          text('b2', 'Got {{Email}}'),
          block('aud', 'audio', { content: { url: 'https://x.test/a.mp3' } }),
          block('in2', 'text input', { options: { attachments: { isEnabled: true, saveVariableId: 'vFiles' } } }),
          transcriptBlock('tr'),
          text('after', 'not in the transcript'),
          block('in3', 'text input'),
        ]),
      ],
      { variables },
    );

  it('is not kept for bots without a Transcript block', async () => {
    const main = bot('main', [group('g1', [text('t', 'hi'), block('in', 'text input')])]);
    const { result } = await start(main);
    expect(result.state.transcript).toBeUndefined();
    expect((await send(main, result, 'yo')).state.transcript).toBeUndefined();
  });

  it('sets the variable to the conversation so far, session-only, without a log', async () => {
    for (const format of ['richText', 'markdown'] as const) {
      const main = conversation();
      const { result: started } = await start(main, [], { textFormat: format });
      expect(started.state.transcript!.recent).toEqual([
        { role: 'bot', type: 'text', text: 'Hello **there**' },
        { role: 'bot', type: 'image', image: 'https://x.test/.png' },
        { role: 'bot', type: 'video', video: 'youtu.be/abc123' },
      ]);
      const retried = await send(main, started, 'not an email', format);
      expect(retried.output.isRetry).toBe(true);
      const emailed = await send(main, retried, 'ADA@Example.com', format);
      const done = await send(
        main,
        emailed,
        { type: 'text', text: 'my files', attachedFileUrls: ['https://f.test/1', 'https://f.test/2'] },
        format,
      );
      expect(done.status).toBe('awaiting-input');
      expect(done.output.logs).toEqual([]);
      expect(valueOf(done)).toEqual({
        id: 'vT',
        name: 'Transcript',
        isSessionVariable: true,
        value: [
          'Assistant: "Hello **there**"',
          'Assistant: "https://x.test/.png"',
          'Assistant: "youtu.be/abc123"',
          'User: "ada@example.com"',
          'Assistant: "Got ada@example.com"',
          'Assistant: "https://x.test/a.mp3"',
          'User: "https://f.test/1, https://f.test/2\n\nmy files"',
        ].join('\n\n'),
      });
      // Recording goes on after the block.
      expect(done.state.transcript!.recent.at(-1)).toEqual({
        role: 'bot',
        type: 'text',
        text: 'not in the transcript',
      });
    }
  });

  it('is empty text when nothing was said yet', async () => {
    const main = bot('main', [group('g1', [transcriptBlock('tr'), block('in', 'text input')])], {
      variables: [{ id: 'vT', name: 'Transcript', value: 'old' }],
    });
    const { result } = await start(main);
    expect(valueOf(result)).toEqual({ id: 'vT', name: 'Transcript', value: '', isSessionVariable: true });
  });

  it('follows the conversation into a later group, where a bubble can show it', async () => {
    const main = bot(
      'main',
      [
        group('g1', [text('q', 'Name?'), block('in', 'text input', { outgoingEdgeId: 'e2' })]),
        group('g2', [transcriptBlock('tr'), text('t2', 'Hi {{Transcript}}'), block('in2', 'text input')]),
      ],
      { variables: [{ id: 'vT', name: 'Transcript' }], edges: [edge('e2', 'g2')] },
    );
    const { result } = await start(main);
    const answered = await send(main, result, 'Ada');
    expect(valueOf(answered)!.value).toBe('Assistant: "Name?"\n\nUser: "Ada"');
    expect(answered.state.transcript!.recent.at(-1)).toEqual({
      role: 'bot',
      type: 'text',
      text: 'Hi Assistant: "Name?"\n\nUser: "Ada"',
    });
  });

  it('starts when a linked bot that needs it enters the queue', async () => {
    const child = bot(
      'child',
      [group('c1', [text('ct', 'child says'), transcriptBlock('ctr', 'cT'), block('cin', 'text input')])],
      {
        variables: [{ id: 'cT', name: 'Transcript' }],
      },
    );
    const main = bot('main', [
      group('g1', [
        text('p', 'parent says'),
        block('in', 'text input'),
        block('link', 'Typebot link', { options: { typebotId: 'child' } }),
      ]),
    ]);
    const env = testEnv();
    const { result, resolver } = await start(main, [child], {}, env);
    expect(result.state.transcript).toBeUndefined();
    const linking = await continueChat(result.state, { type: 'text', text: 'hello' }, 'richText', env, resolver);
    expect(linking.status).toBe('effect');
    const linked = await resumeTurn(
      linking.state,
      { type: 'loadBot', bot: child, ref: refOf(child) },
      'richText',
      env,
      resolver,
    );
    expect(linked.status).toBe('awaiting-input');
    expect(valueOf(linked, 'cT')!.value).toBe('Assistant: "child says"');
  });
});
