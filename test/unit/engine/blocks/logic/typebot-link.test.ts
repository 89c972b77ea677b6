import { typebotLinkBlock } from '../../../../../src/engine/blocks/logic/typebot-link/block';
import type { BlockDefinition, GroupDefinition } from '../../../../../src/engine/definition/schema';
import type { BotRef, RuntimeVariable } from '../../../../../src/engine/session';
import type { Effect } from '../../../../../src/engine/effects';
import type { RuntimeBot } from '../../../../../src/engine/definition/runtime-bot';
import type { DefinitionVersion } from '../../../../../src/engine/definition/versions';
import { testContext } from '../../../../helpers/engine';

/** The effect the link asked for (its result is what these tests vary). */
const LOAD_EFFECT: Effect = { type: 'loadBot', botId: 'child' };

const parentVariables: RuntimeVariable[] = [
  { id: 'pName', name: 'Name', value: 'Ada' },
  { id: 'pEmail', name: 'Email' },
  { id: 'pSection', name: 'Section', value: 'Second' },
];

const start = { id: 'gStart', title: 'Start', blocks: [{ id: 's1', type: 'text' }] } as GroupDefinition;
const second = { id: 'gSecond', title: 'Second', blocks: [{ id: 's2', type: 'text' }] } as GroupDefinition;

function link(options: Record<string, unknown> | undefined, outgoingEdgeId?: string): BlockDefinition {
  return {
    id: 'link1',
    type: 'Typebot link',
    ...(options ? { options } : {}),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  } as BlockDefinition;
}

function setup(
  definition: BlockDefinition,
  input: { following?: boolean; version?: DefinitionVersion; isPreview?: boolean } = {},
) {
  const group = {
    id: 'gHere',
    title: 'Here',
    blocks: [definition, ...(input.following ? [{ id: 'after1', type: 'text' }] : [])],
  } as GroupDefinition;
  const { ctx, turn, state } = testContext({
    variables: parentVariables,
    group,
    isPreview: input.isPreview,
    bot: {
      version: input.version ?? '6.1',
      groups: [group, start, second],
      events: [{ id: 'ev', type: 'start', outgoingEdgeId: 'eStart' }],
      edges: [{ id: 'eStart', from: { eventId: 'ev' }, to: { groupId: 'gStart' } }],
    },
  });
  state.queue[0]!.answers = [{ key: 'Name', value: 'Ada' }];
  return { ctx, turn, state, group };
}

function childBot(version: DefinitionVersion = '6.1'): RuntimeBot {
  return {
    id: 'child',
    version,
    groups: [
      { id: 'c1', title: 'Intro', blocks: [{ id: 'cb1', type: 'text' }] },
      { id: 'c2', title: 'Second', blocks: [{ id: 'cb2', type: 'text' }] },
    ] as GroupDefinition[],
    edges: [{ id: 'ceStart', from: { eventId: 'cev' }, to: { groupId: 'c1' } }],
    events: [{ id: 'cev', type: 'start', outgoingEdgeId: 'ceStart' }],
    variables: [
      { id: 'cName', name: 'Name' },
      { id: 'cScore', name: 'Score', value: '3' },
    ],
    theme: {},
    settings: {},
  };
}

const childRef: BotRef = { kind: 'snapshot', botId: 'child', revision: 7 };

describe('Typebot link block: errors', () => {
  it('logs and continues when no bot is set', async () => {
    for (const options of [undefined, {}, { typebotId: '' }]) {
      const { ctx, turn, state } = setup(link(options));
      expect(await typebotLinkBlock.execute(link(options), ctx)).toEqual({ kind: 'next' });
      expect(turn.output.logs).toEqual([
        { status: 'error', description: 'Failed to link typebot', details: 'Typebot ID is not specified' },
      ]);
      expect(state.queue).toHaveLength(1);
    }
  });
});

describe('Typebot link block: same bot', () => {
  it('"current" pushes a merging entry and goes to the start group through a virtual edge', async () => {
    const definition = link({ typebotId: 'current' }, 'eResume');
    const { ctx, state, turn } = setup(definition);
    const parentRef = state.queue[0]!.bot;
    const outcome = await typebotLinkBlock.execute(definition, ctx);
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gStart' });
    expect(state.queue).toHaveLength(2);
    expect(state.queue[0]).toEqual({
      bot: parentRef,
      variables: parentVariables,
      virtualEdges: [{ id: 'virtual-gStart', from: { blockId: '' }, to: { groupId: 'gStart' } }],
      resultId: 'result1',
      answers: [{ key: 'Name', value: 'Ada' }],
      queuedEdgeIds: ['eResume'],
      isMergingWithParent: true,
    });
    expect(turn.persistence.newResults).toEqual([]);
    expect(turn.output.logs).toEqual([]);
  });

  it('the running bot id is a same-bot link too; mergeResults false does not stop the merge', async () => {
    const definition = link({ typebotId: 'bot1', mergeResults: false });
    const { ctx, state } = setup(definition);
    await typebotLinkBlock.execute(definition, ctx);
    expect(state.queue[0]!.isMergingWithParent).toBe(true);
    expect(state.queue[0]!.queuedEdgeIds).toEqual([]);
  });

  it('goes to a given group (by id, or by title through a single variable)', async () => {
    for (const groupId of ['gSecond', '{{Section}}']) {
      const definition = link({ typebotId: 'current', groupId });
      const { ctx } = setup(definition);
      expect(await typebotLinkBlock.execute(definition, ctx)).toEqual({ kind: 'goto', edgeId: 'virtual-gSecond' });
    }
  });

  it('resumes at the next block of its group through a virtual edge in the parent', async () => {
    const definition = link({ typebotId: 'current' });
    const { ctx, state } = setup(definition, { following: true });
    await typebotLinkBlock.execute(definition, ctx);
    const [child, parent] = state.queue;
    expect(parent!.virtualEdges).toEqual([
      { id: 'virtual-gHere-after1', from: { blockId: '' }, to: { groupId: 'gHere', blockId: 'after1' } },
    ]);
    expect(child!.queuedEdgeIds).toEqual(['virtual-gHere-after1']);
  });

  it('an unknown group logs and leaves the queue alone', async () => {
    const definition = link({ typebotId: 'current', groupId: 'gNope' }, 'eResume');
    const { ctx, state, turn } = setup(definition, { following: true });
    expect(await typebotLinkBlock.execute(definition, ctx)).toEqual({ kind: 'next' });
    expect(turn.output.logs).toEqual([
      { status: 'error', description: 'Failed to link typebot', details: 'Group with ID "gNope" not found' },
    ]);
    expect(state.queue).toHaveLength(1);
    expect(state.queue[0]!.virtualEdges).toEqual([]);
  });
});

describe('Typebot link block: another bot', () => {
  it('asks the service to load the bot', async () => {
    const definition = link({ typebotId: 'child' });
    const { ctx, state } = setup(definition);
    expect(await typebotLinkBlock.execute(definition, ctx)).toEqual({
      kind: 'effect',
      effect: { type: 'loadBot', botId: 'child' },
    });
    expect(state.queue).toHaveLength(1);
  });

  it('logs and continues when the bot was not found', async () => {
    const definition = link({ typebotId: 'child' });
    const { ctx, state, turn } = setup(definition);
    expect(
      await typebotLinkBlock.onEffect!(definition, { type: 'loadBot', bot: null, ref: null }, ctx, LOAD_EFFECT),
    ).toEqual({ kind: 'next' });
    expect(turn.output.logs).toEqual([
      { status: 'error', description: 'Failed to link typebot', details: 'Typebot with ID child not found' },
    ]);
    expect(state.queue).toHaveLength(1);
  });

  it('v6: does not merge by default; the child gets a new result, its own variables prefilled by name', async () => {
    const definition = link({ typebotId: 'child' }, 'eResume');
    const { ctx, state, turn } = setup(definition);
    const outcome = await typebotLinkBlock.onEffect!(
      definition,
      { type: 'loadBot', bot: childBot(), ref: childRef },
      ctx,
      LOAD_EFFECT,
    );
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-c1' });
    expect(state.queue).toHaveLength(2);
    expect(state.queue[0]).toEqual({
      bot: childRef,
      variables: [
        { id: 'cName', name: 'Name', value: 'Ada' },
        { id: 'cScore', name: 'Score', value: '3' },
      ],
      virtualEdges: [{ id: 'virtual-c1', from: { blockId: '' }, to: { groupId: 'c1' } }],
      resultId: 'id1',
      answers: [],
      queuedEdgeIds: ['eResume'],
      isMergingWithParent: false,
    });
    expect(turn.persistence.newResults).toEqual([{ resultId: 'id1', botId: 'child' }]);
    expect(state.queue[1]!.resultId).toBe('result1');
  });

  it('v6: merges when mergeResults is true (parent result and answers)', async () => {
    const definition = link({ typebotId: 'child', mergeResults: true });
    const { ctx, state, turn } = setup(definition);
    await typebotLinkBlock.onEffect!(definition, { type: 'loadBot', bot: childBot(), ref: childRef }, ctx, LOAD_EFFECT);
    expect(state.queue[0]).toMatchObject({
      resultId: 'result1',
      answers: [{ key: 'Name', value: 'Ada' }],
      isMergingWithParent: true,
    });
    expect(turn.persistence.newResults).toEqual([]);
  });

  it('v5 parent: merges unless mergeResults is false (whatever the child version)', async () => {
    for (const [options, merge] of [
      [{ typebotId: 'child' }, true],
      [{ typebotId: 'child', mergeResults: true }, true],
      [{ typebotId: 'child', mergeResults: false }, false],
    ] as const) {
      const definition = link(options);
      const { ctx, state } = setup(definition, { version: '5' });
      await typebotLinkBlock.onEffect!(
        definition,
        { type: 'loadBot', bot: childBot('6.1'), ref: childRef },
        ctx,
        LOAD_EFFECT,
      );
      expect(state.queue[0]!.isMergingWithParent).toBe(merge);
    }
  });

  it('v6 parent linking a v5 child does not merge by default', async () => {
    const definition = link({ typebotId: 'child' });
    const { ctx, state } = setup(definition);
    await typebotLinkBlock.onEffect!(
      definition,
      { type: 'loadBot', bot: childBot('5'), ref: childRef },
      ctx,
      LOAD_EFFECT,
    );
    expect(state.queue[0]!.isMergingWithParent).toBe(false);
  });

  it('in preview no result id is made', async () => {
    const definition = link({ typebotId: 'child' });
    const { ctx, state, turn } = setup(definition, { isPreview: true });
    await typebotLinkBlock.onEffect!(definition, { type: 'loadBot', bot: childBot(), ref: childRef }, ctx, LOAD_EFFECT);
    expect(state.queue[0]!.resultId).toBeUndefined();
    expect(turn.persistence.newResults).toEqual([]);
  });

  it('a child group by title; an unknown child group logs and leaves the queue alone', async () => {
    const byTitle = link({ typebotId: 'child', groupId: '{{Section}}' });
    const first = setup(byTitle);
    expect(
      await typebotLinkBlock.onEffect!(
        byTitle,
        { type: 'loadBot', bot: childBot(), ref: childRef },
        first.ctx,
        LOAD_EFFECT,
      ),
    ).toEqual({
      kind: 'goto',
      edgeId: 'virtual-c2',
    });

    const unknown = link({ typebotId: 'child', groupId: 'zz' });
    const second = setup(unknown);
    expect(
      await typebotLinkBlock.onEffect!(
        unknown,
        { type: 'loadBot', bot: childBot(), ref: childRef },
        second.ctx,
        LOAD_EFFECT,
      ),
    ).toEqual({ kind: 'next' });
    expect(second.state.queue).toHaveLength(1);
    expect(second.turn.persistence.newResults).toEqual([]);
    expect(second.turn.output.logs).toEqual([
      { status: 'error', description: 'Failed to link typebot', details: 'Group with ID "zz" not found' },
    ]);
  });
});
