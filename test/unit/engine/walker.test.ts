import { continueChat, resumeTurn } from '../../../src/engine/chat';
import type { TurnResult } from '../../../src/engine/turn-result';
import { testEnv } from '../../helpers/engine';
import { block, bot, edge, group, refOf, start, text, wordsOf } from './flow';

const words = (result: TurnResult) => result.output.messages.map(wordsOf);

describe('walker: one turn', () => {
  it('accumulates messages across groups and stops on an input', async () => {
    const main = bot(
      'main',
      [
        group('g1', [text('t1', 'Hello'), text('t2', 'there')], 'One'),
        group('g2', [text('t3', 'Next group'), block('in1', 'text input'), text('t4', 'never')], 'Two'),
      ],
      { edges: [edge('e12', 'g2')] },
    );
    main.groups[0]!.blocks[1]!.outgoingEdgeId = 'e12';
    const { result } = await start(main);
    expect(result.status).toBe('awaiting-input');
    expect(words(result)).toEqual(['Hello', 'there', 'Next group']);
    expect(result.output.messages.map((message) => message.id)).toEqual(['t1', 't2', 't3']);
    expect(result.output.input).toMatchObject({ id: 'in1', type: 'text input' });
    expect(result.state.currentBlockId).toBe('in1');
  });

  it('a bot without a start edge does nothing and ends', async () => {
    const main = bot('main', [group('g1', [text('t1', 'Hi')])]);
    main.events[0]!.outgoingEdgeId = undefined;
    const { result } = await start(main);
    expect(result.status).toBe('ended');
    expect(result.output.messages).toEqual([]);
  });

  it('a condition item that matches without an edge ends the walk (rest of the group skipped)', async () => {
    const always = { comparisons: [{ id: 'c', variableId: 'v', comparisonOperator: 'Is empty' }] };
    const main = bot(
      'main',
      [
        group('g1', [
          text('t1', 'before'),
          block('cond', 'Condition', { items: [{ id: 'i1', content: always }] }),
          text('t2', 'after'),
        ]),
      ],
      { variables: [{ id: 'v', name: 'V' }] },
    );
    const { result } = await start(main);
    expect(words(result)).toEqual(['before']);
    expect(result.status).toBe('ended');
    expect(result.state.currentBlockId).toBeUndefined();
  });

  it('a condition that matches nothing goes on with the next block', async () => {
    const never = { comparisons: [{ id: 'c', variableId: 'v', comparisonOperator: 'Is set' }] };
    const main = bot(
      'main',
      [
        group('g1', [
          block('cond', 'Condition', { items: [{ id: 'i1', content: never, outgoingEdgeId: 'eX' }] }),
          text('t2', 'after'),
        ]),
      ],
      {
        variables: [{ id: 'v', name: 'V' }],
      },
    );
    expect(words((await start(main)).result)).toEqual(['after']);
  });

  it('a Jump loop without input stops at maxBlocksPerTurn with a "Flow stopped:" log and ends', async () => {
    const main = bot('main', [group('g1', [text('t1', 'loop'), block('j', 'Jump', { options: { groupId: 'g1' } })])]);
    const env = testEnv({ limits: { maxBlocksPerTurn: 50, turnBudgetMs: 10_000 } });
    const { result } = await start(main, [], {}, env);
    expect(result.status).toBe('ended');
    expect(result.output.messages).toHaveLength(25);
    const stopped = result.output.logs.filter((log) => log.description.startsWith('Flow stopped:'));
    expect(stopped).toEqual([
      { status: 'error', description: 'Flow stopped: more than 50 blocks in one turn (a loop without input?)' },
    ]);
    expect(result.persistence.logs).toEqual([{ ...stopped[0], resultId: 'r1' }]);
  });

  it('the wall-clock budget stops the walk too', async () => {
    const main = bot('main', [group('g1', [text('t1', 'a'), text('t2', 'b')])]);
    let elapsed = 0;
    const env = testEnv({
      elapsedMs: () => (elapsed += 6_000),
      limits: { maxBlocksPerTurn: 1000, turnBudgetMs: 10_000 },
    });
    const { result } = await start(main, [], {}, env);
    expect(result.status).toBe('ended');
    expect(words(result)).toEqual(['a']);
    expect(result.output.logs[0]!.description).toBe('Flow stopped: the turn took longer than 10 s');
  });

  it('a Wait with shouldPause stops the walk until the client comes back', async () => {
    const main = bot('main', [
      group('g1', [
        text('t1', 'a'),
        block('w', 'Wait', { options: { secondsToWaitFor: '1', shouldPause: true } }),
        text('t2', 'b'),
      ]),
    ]);
    const { result, resolver } = await start(main);
    expect(result.status).toBe('awaiting-reply');
    expect(result.output.clientSideActions).toEqual([
      { type: 'wait', wait: { secondsToWaitFor: 1 }, expectsDedicatedReply: true, lastBubbleBlockId: 't1' },
    ]);
    const next = await continueChat(result.state, undefined, 'richText', testEnv(), resolver);
    expect(words(next)).toEqual(['b']);
    expect(next.status).toBe('ended');
  });

  it('a same-bot link runs the target group then comes back to the block after it', async () => {
    const main = bot('main', [
      group('g1', [
        text('t1', 'start'),
        block('l', 'Typebot link', { options: { typebotId: 'current', groupId: 'g2' } }),
        text('t2', 'back'),
      ]),
      group('g2', [text('t3', 'linked')]),
    ]);
    const { result } = await start(main);
    expect(words(result)).toEqual(['start', 'linked', 'back']);
    expect(result.status).toBe('ended');
    expect(result.state.queue).toHaveLength(1);
  });
});

describe('walker: linked bots unwind to the parent', () => {
  const variables = [
    { id: 'pEmail', name: 'Email' },
    { id: 'pName', name: 'Name', value: 'Ada' },
  ];
  const parent = (mergeResults?: boolean) =>
    bot(
      'parent',
      [
        group('g1', [
          text('p1', 'parent'),
          block('link', 'Typebot link', {
            options: { typebotId: 'child', ...(mergeResults === undefined ? {} : { mergeResults }) },
            outgoingEdgeId: 'eBack',
          }),
        ]),
        group('g3', [text('p2', 'Back: {{Email}}')]),
      ],
      { edges: [edge('eBack', 'g3')], variables },
    );
  const child = bot(
    'child',
    [
      group(
        'c1',
        [text('c1t', 'child {{Name}}'), block('cin', 'email input', { options: { variableId: 'cEmail' } })],
        'Child group',
      ),
    ],
    {
      variables: [
        { id: 'cEmail', name: 'Email' },
        { id: 'cName', name: 'Name' },
        { id: 'cExtra', name: 'Extra', value: 'x' },
      ],
    },
  );

  async function linkAndAnswer(mergeResults?: boolean) {
    const main = parent(mergeResults);
    const env = testEnv();
    const { result: first, resolver } = await start(main, [child], {}, env);
    expect(first.status).toBe('effect');
    expect(first.effect).toEqual({ type: 'loadBot', botId: 'child' });
    const linked = await resumeTurn(
      first.state,
      { type: 'loadBot', bot: child, ref: refOf(child) },
      'richText',
      env,
      resolver,
    );
    expect(linked.status).toBe('awaiting-input');
    expect(words(linked)).toEqual(['parent', 'child Ada']);
    expect(linked.state.queue).toHaveLength(2);
    const answered = await continueChat(
      linked.state,
      { type: 'text', text: 'ada@example.com' },
      'richText',
      env,
      resolver,
    );
    return { linked, answered };
  }

  it('merging: variables and answers flow back to the parent', async () => {
    const { linked, answered } = await linkAndAnswer(true);
    expect(linked.persistence.newResults).toEqual([]);
    expect(answered.status).toBe('ended');
    expect(words(answered)).toEqual(['Back: ada@example.com']);
    const [entry] = answered.state.queue;
    expect(answered.state.queue).toHaveLength(1);
    expect(entry!.variables).toEqual(
      expect.arrayContaining([
        { id: 'pEmail', name: 'Email', value: 'ada@example.com' },
        { id: 'pName', name: 'Name', value: 'Ada' },
        { id: 'cExtra', name: 'Extra', value: 'x' },
      ]),
    );
    expect(entry!.answers).toEqual([{ key: 'Email', value: 'ada@example.com' }]);
    expect(answered.persistence.answers).toEqual([
      { resultId: 'r1', blockId: 'cin', groupId: 'c1', variableId: 'cEmail', content: 'ada@example.com' },
    ]);
    expect(answered.persistence.completedResults).toEqual([]);
  });

  it('not merging: the child result completes, the parent keeps its own values', async () => {
    const { linked, answered } = await linkAndAnswer();
    expect(linked.persistence.newResults).toEqual([{ resultId: 'id1', botId: 'child' }]);
    expect(answered.status).toBe('ended');
    expect(words(answered)).toEqual(['Back: ']);
    expect(answered.state.queue).toHaveLength(1);
    expect(answered.state.queue[0]!.answers).toEqual([]);
    expect(answered.state.queue[0]!.variables.find((variable) => variable.id === 'pEmail')!.value).toBeUndefined();
    expect(answered.persistence.answers).toEqual([
      { resultId: 'id1', blockId: 'cin', groupId: 'c1', variableId: 'cEmail', content: 'ada@example.com' },
    ]);
    expect(answered.persistence.completedResults).toEqual([{ resultId: 'id1', hasStarted: true }]);
  });
});
