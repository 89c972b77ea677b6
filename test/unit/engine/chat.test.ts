import { continueChat, startChat } from '../../../src/engine/chat';
import type { RuntimeBot } from '../../../src/engine/definition/runtime-bot';
import type { SessionState } from '../../../src/engine/session';
import type { TextFormat } from '../../../src/engine/wire';
import type { TurnResult } from '../../../src/engine/turn-result';
import { testEnv } from '../../helpers/engine';
import { block, bot, edge, group, refOf, resolverOf, start, text, wordsOf } from './flow';

const words = (result: TurnResult) => result.output.messages.map(wordsOf);

async function reply(
  main: RuntimeBot,
  state: SessionState,
  message: string | undefined,
  textFormat: TextFormat = 'richText',
) {
  return await continueChat(
    state,
    message === undefined ? undefined : { type: 'text', text: message },
    textFormat,
    testEnv(),
    resolverOf(main),
  );
}

describe('retry messages', () => {
  const variables = [{ id: 'vName', name: 'Name', value: 'Ada' }];

  async function retry(
    inputType: string,
    options: Record<string, unknown> = {},
    settings: Record<string, unknown> = {},
    textFormat: TextFormat = 'richText',
  ) {
    const main = bot('main', [group('g1', [block('in', inputType, { options }), text('t', 'ok')])], {
      variables,
      settings,
    });
    const { result } = await start(main);
    const before = structuredClone(result.state);
    const retried = await reply(main, result.state, 'not valid at all', textFormat);
    expect(retried.output.isRetry).toBe(true);
    expect(retried.status).toBe('awaiting-input');
    expect(retried.output.input).toMatchObject({ id: 'in', type: inputType });
    expect(retried.state).toEqual(before);
    expect(retried.persistence.answers).toEqual([]);
    return retried.output.messages;
  }

  it('is one text message with the input block id, in rich text', async () => {
    expect(await retry('number input')).toEqual([
      {
        id: 'in',
        type: 'text',
        content: {
          type: 'richText',
          richText: [{ type: 'p', children: [{ text: 'Invalid message. Please, try again.' }] }],
        },
      },
    ]);
  });

  it('is markdown when the request asks for it', async () => {
    expect(await retry('number input', {}, {}, 'markdown')).toEqual([
      { id: 'in', type: 'text', content: { type: 'markdown', markdown: 'Invalid message. Please, try again.' } },
    ]);
  });

  it("uses the block's retryMessageContent (substituted) first", async () => {
    expect(wordsOf((await retry('email input', { retryMessageContent: 'Sorry {{Name}}, again' }))[0]!)).toBe(
      'Sorry Ada, again',
    );
  });

  it('email has its own default text', async () => {
    expect(wordsOf((await retry('email input'))[0]!)).toBe(
      "This email doesn't seem to be valid. Can you type it again?",
    );
  });

  it("other types use the bot's invalidMessage (substituted), even with an email default around", async () => {
    const settings = { general: { systemMessages: { invalidMessage: 'Nope, {{Name}}' } } };
    expect(wordsOf((await retry('number input', {}, settings))[0]!)).toBe('Nope, Ada');
    expect(wordsOf((await retry('url input', {}, settings))[0]!)).toBe('Nope, Ada');
    expect(wordsOf((await retry('email input', {}, settings))[0]!)).toBe(
      "This email doesn't seem to be valid. Can you type it again?",
    );
  });
});

describe('answers', () => {
  it('are keyed by variable name, group title, group title (n) for later inputs, else block id', async () => {
    const main = bot(
      'main',
      [
        group(
          'g1',
          [
            block('a', 'text input'),
            text('t', 'hey'),
            block('b', 'text input'),
            block('c', 'text input', { options: { variableId: 'vCity' } }),
          ],
          'Group #1',
        ),
        group('g2', [block('d', 'text input')], ''),
      ],
      { variables: [{ id: 'vCity', name: 'City' }], edges: [edge('e12', 'g2')] },
    );
    main.groups[0]!.blocks[3]!.outgoingEdgeId = 'e12';
    let turn: TurnResult = (await start(main)).result;
    const persisted: unknown[] = [];
    for (const answer of ['one', 'two', 'Paris', 'four']) {
      turn = await reply(main, turn.state, answer);
      persisted.push(...turn.persistence.answers);
    }
    expect(turn.status).toBe('ended');
    expect(turn.state.queue[0]!.answers).toEqual([
      { key: 'Group #1', value: 'one' },
      { key: 'Group #1 (1)', value: 'two' },
      { key: 'City', value: 'Paris' },
      { key: 'd', value: 'four' },
    ]);
    expect(persisted).toEqual([
      { resultId: 'r1', blockId: 'a', groupId: 'g1', content: 'one' },
      { resultId: 'r1', blockId: 'b', groupId: 'g1', content: 'two' },
      { resultId: 'r1', blockId: 'c', groupId: 'g1', variableId: 'vCity', content: 'Paris' },
      { resultId: 'r1', blockId: 'd', groupId: 'g2', content: 'four' },
    ]);
    expect(turn.state.queue[0]!.variables).toEqual([{ id: 'vCity', name: 'City', value: 'Paris' }]);
  });

  it('a new answer with the same key replaces the old one (moved to the end)', async () => {
    const main = bot(
      'main',
      [
        group(
          'g1',
          [
            block('a', 'text input', { options: { variableId: 'v' } }),
            block('b', 'text input'),
            block('c', 'text input', { options: { variableId: 'v' } }),
          ],
          'G',
        ),
      ],
      {
        variables: [{ id: 'v', name: 'V' }],
      },
    );
    let turn: TurnResult = (await start(main)).result;
    for (const answer of ['1', '2', '3']) turn = await reply(main, turn.state, answer);
    expect(turn.state.queue[0]!.answers).toEqual([
      { key: 'G (1)', value: '2' },
      { key: 'V', value: '3' },
    ]);
  });

  it('previews keep answers in the session but persist no rows', async () => {
    const main = bot('main', [group('g1', [block('a', 'text input')], 'G')]);
    const { result } = await start(main, [], { isPreview: true });
    const answered = await reply(main, result.state, 'x');
    expect(answered.state.queue[0]!.answers).toEqual([{ key: 'G', value: 'x' }]);
    expect(answered.persistence.answers).toEqual([]);
  });
});

describe('lastMessageNewFormat', () => {
  const main = bot('main', [group('g1', [block('e', 'email input'), block('n', 'number input'), text('t', 'done')])]);

  it('is set only when the saved content differs from what was typed', async () => {
    const first = (await start(main)).result;
    const same = await reply(main, first.state, 'ada@example.com');
    expect(same.output.lastMessageNewFormat).toBeUndefined();

    const other = await reply(main, (await start(main)).result.state, 'Ada@Example.COM');
    expect(other.output.lastMessageNewFormat).toBe('ada@example.com');
    const number = await reply(main, other.state, '1.50');
    expect(number.output.lastMessageNewFormat).toBe('1.5');
    expect(words(number)).toEqual(['done']);
  });
});

describe('events', () => {
  it('reply event: the sub-flow runs, Return comes back, the stored reply is processed (auto-resume)', async () => {
    const main = bot(
      'main',
      [
        group('g1', [block('in', 'text input', { options: { variableId: 'vName' } })], 'Ask'),
        group('g2', [text('t2', 'Hello {{Name}}')]),
        group('gEvent', [text('te', 'You said {{Content}} to {{InputName}} ({{InputType}})'), block('ret', 'Return')]),
      ],
      {
        variables: [
          { id: 'vName', name: 'Name' },
          { id: 'vContent', name: 'Content' },
          { id: 'vType', name: 'InputType' },
          { id: 'vInputName', name: 'InputName' },
        ],
        edges: [edge('e12', 'g2'), edge('eRev', 'gEvent', undefined, { eventId: 'rev' })],
        events: [
          {
            id: 'rev',
            type: 'reply',
            outgoingEdgeId: 'eRev',
            options: { contentVariableId: 'vContent', inputTypeVariableId: 'vType', inputNameVariableId: 'vInputName' },
          },
        ],
      },
    );
    main.groups[0]!.blocks[0]!.outgoingEdgeId = 'e12';
    const first = (await start(main)).result;
    const answered = await reply(main, first.state, 'Bob');
    expect(words(answered)).toEqual(['You said Bob to Ask (text)', 'Hello Bob']);
    expect(answered.status).toBe('ended');
    expect(answered.output.input).toBeUndefined();
    expect(answered.state.returnMark).toBeUndefined();
    expect(answered.state.queue[0]!.answers).toEqual([{ key: 'Name', value: 'Bob' }]);
  });

  it('reply event without Return: the input is never answered and the flow ends', async () => {
    const main = bot('main', [group('g1', [block('in', 'text input')]), group('gEvent', [text('te', 'caught')])], {
      edges: [edge('eRev', 'gEvent', undefined, { eventId: 'rev' })],
      events: [{ id: 'rev', type: 'reply', outgoingEdgeId: 'eRev' }],
    });
    const answered = await reply(main, (await start(main)).result.state, 'hi');
    expect(words(answered)).toEqual(['caught']);
    expect(answered.status).toBe('ended');
    expect(answered.state.queue[0]!.answers).toEqual([]);
    expect(answered.state.returnMark).toEqual({
      status: 'pending',
      blockId: 'in',
      autoResumeMessage: { type: 'text', text: 'hi' },
    });
  });

  const withCommand = (resumeAfter: boolean) =>
    bot(
      'main',
      [
        group('g1', [text('t1', 'Question?'), block('in', 'text input'), text('t2', 'Thanks')]),
        group('gHelp', [text('th', 'Some help')]),
      ],
      {
        edges: [edge('eCmd', 'gHelp', undefined, { eventId: 'cmd' })],
        events: [{ id: 'cmd', type: 'command', outgoingEdgeId: 'eCmd', options: { command: 'help', resumeAfter } }],
      },
    );

  it('command event with resumeAfter re-asks the interrupted input', async () => {
    const main = withCommand(true);
    const first = (await start(main)).result;
    const env = testEnv();
    const helped = await continueChat(
      first.state,
      { type: 'command', command: 'help' },
      'richText',
      env,
      resolverOf(main),
    );
    expect(words(helped)).toEqual(['Some help']);
    expect(helped.status).toBe('awaiting-input');
    expect(helped.output.input).toMatchObject({ id: 'in' });
    expect(helped.state.currentBlockId).toBe('in');
    expect(helped.state.queue[0]!.queuedEdgeIds).toEqual([]);
    const answered = await reply(main, helped.state, 'fine');
    expect(words(answered)).toEqual(['Thanks']);
    expect(answered.state.queue[0]!.answers).toEqual([{ key: 'g1', value: 'fine' }]);
  });

  it('command event without resumeAfter sets the return mark and ends with its flow', async () => {
    const main = withCommand(false);
    const first = (await start(main)).result;
    const helped = await continueChat(
      first.state,
      { type: 'command', command: 'help' },
      'richText',
      testEnv(),
      resolverOf(main),
    );
    expect(words(helped)).toEqual(['Some help']);
    expect(helped.status).toBe('ended');
    expect(helped.state.returnMark).toEqual({ status: 'pending', blockId: 'in' });
  });

  it('an unknown command is a request error', async () => {
    const main = withCommand(true);
    const first = (await start(main)).result;
    await expect(
      continueChat(first.state, { type: 'command', command: 'nope' }, 'richText', testEnv(), resolverOf(main)),
    ).rejects.toThrow('Command event not found');
  });
});

describe('start with a message', () => {
  it('answers the first input when it is answerable and nothing was said before it', async () => {
    const main = bot(
      'main',
      [group('g1', [block('in', 'text input', { options: { variableId: 'v' } }), text('t', 'Got {{V}}')])],
      {
        variables: [{ id: 'v', name: 'V' }],
      },
    );
    const { result } = await start(main, [], { message: { type: 'text', text: 'hello' } });
    expect(words(result)).toEqual(['Got hello']);
    expect(result.status).toBe('ended');
    expect(result.state.queue[0]!.answers).toEqual([{ key: 'V', value: 'hello' }]);
    expect(result.output.input).toBeUndefined();
  });

  it('a first message that fails validation gives the retry', async () => {
    const main = bot('main', [group('g1', [block('in', 'email input')])]);
    const { result } = await start(main, [], { message: { type: 'text', text: 'nope' } });
    expect(result.output.isRetry).toBe(true);
    expect(result.output.input).toMatchObject({ id: 'in' });
  });

  it('is ignored when messages come before the input', async () => {
    const main = bot('main', [group('g1', [text('t0', 'Hi'), block('in', 'text input')])]);
    const { result } = await start(main, [], { message: { type: 'text', text: 'hello' } });
    expect(words(result)).toEqual(['Hi']);
    expect(result.output.input).toMatchObject({ id: 'in' });
    expect(result.state.queue[0]!.answers).toEqual([]);
    expect(result.persistence.answers).toEqual([]);
  });

  it('is ignored when the first input cannot be answered by text at start (choice)', async () => {
    const main = bot('main', [group('g1', [block('in', 'choice input', { items: [{ id: 'i1', content: 'hello' }] })])]);
    const { result } = await start(main, [], { message: { type: 'text', text: 'hello' } });
    expect(result.status).toBe('awaiting-input');
    expect(result.output.input).toMatchObject({ id: 'in' });
    expect(result.state.queue[0]!.answers).toEqual([]);
  });
});

describe('isOnlyRegistering', () => {
  it('registers without walking; the first continueChat starts the flow (and may answer the first input)', async () => {
    const main = bot(
      'main',
      [group('g1', [block('in', 'text input', { options: { variableId: 'v' } }), text('t', 'Got {{V}}')])],
      {
        variables: [{ id: 'v', name: 'V' }],
      },
    );
    const resolver = resolverOf(main);
    const registered = await startChat(
      {
        bot: main,
        botRef: refOf(main),
        workspaceId: 'ws',
        isPreview: false,
        resultId: 'r1',
        textFormat: 'richText',
        isOnlyRegistering: true,
      },
      testEnv(),
      resolver,
    );
    expect(registered.output.messages).toEqual([]);
    expect(registered.output.input).toBeUndefined();
    expect(registered.output.walked).toBe(false);
    expect(registered.state.isRegisteredOnly).toBe(true);
    expect(registered.state.currentBlockId).toBeUndefined();

    const started = await continueChat(registered.state, undefined, 'richText', testEnv(), resolver);
    expect(started.state.isRegisteredOnly).toBeUndefined();
    expect(started.output.input).toMatchObject({ id: 'in' });
    expect(started.status).toBe('awaiting-input');

    const registeredAgain = await startChat(
      {
        bot: main,
        botRef: refOf(main),
        workspaceId: 'ws',
        isPreview: false,
        resultId: 'r1',
        textFormat: 'richText',
        isOnlyRegistering: true,
      },
      testEnv(),
      resolver,
    );
    const answered = await continueChat(
      registeredAgain.state,
      { type: 'text', text: 'yo' },
      'richText',
      testEnv(),
      resolver,
    );
    expect(words(answered)).toEqual(['Got yo']);
    expect(answered.state.queue[0]!.answers).toEqual([{ key: 'V', value: 'yo' }]);
  });
});
