import fs from 'node:fs';
import path from 'node:path';
import { parseDefinition } from '../../../src/engine/definition/parse';
import { toRuntimeBot } from '../../../src/engine/definition/runtime';
import { computeProgress, remainingInputs, type ProgressInput } from '../../../src/engine/progress';
import type { BlockDefinition, EdgeDefinition, GroupDefinition } from '../../../src/engine/definition/schema';
import type { RuntimeBot } from '../../../src/engine/definition/runtime-bot';

// Small bot builder: groups are lists of blocks; edges are written [id, fromBlockId, toGroupId, toBlockId?].

const text = (id: string, outgoingEdgeId?: string): BlockDefinition =>
  ({ id, type: 'text', content: { richText: [] }, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) }) as BlockDefinition;
const ask = (id: string, outgoingEdgeId?: string): BlockDefinition =>
  ({ id, type: 'text input', options: {}, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) }) as BlockDefinition;
const choice = (id: string, itemEdges: (string | undefined)[], outgoingEdgeId?: string): BlockDefinition =>
  ({
    id,
    type: 'choice input',
    items: itemEdges.map((edge, index) => ({
      id: `${id}-i${index}`,
      content: `Option ${index}`,
      ...(edge ? { outgoingEdgeId: edge } : {}),
    })),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  }) as BlockDefinition;
const condition = (id: string, itemEdges: string[], outgoingEdgeId?: string): BlockDefinition =>
  ({
    id,
    type: 'Condition',
    items: itemEdges.map((edge, index) => ({
      id: `${id}-c${index}`,
      content: { comparisons: [] },
      outgoingEdgeId: edge,
    })),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  }) as BlockDefinition;
const link = (id: string, options: Record<string, unknown>, outgoingEdgeId?: string): BlockDefinition =>
  ({ id, type: 'Typebot link', options, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) }) as BlockDefinition;
const jump = (id: string, groupId: string, blockId?: string): BlockDefinition =>
  ({ id, type: 'Jump', options: { groupId, ...(blockId ? { blockId } : {}) } }) as BlockDefinition;

function bot(
  id: string,
  groups: Record<string, BlockDefinition[]>,
  edges: [string, string, string, string?][],
  startGroup?: string,
): RuntimeBot {
  const groupList: GroupDefinition[] = Object.entries(groups).map(([groupId, blocks]) => ({
    id: groupId,
    title: groupId,
    blocks,
  }));
  const edgeList: EdgeDefinition[] = edges.map(([edgeId, from, groupId, blockId]) => ({
    id: edgeId,
    from: { blockId: from },
    to: { groupId, ...(blockId ? { blockId } : {}) },
  }));
  const first = startGroup ?? groupList[0]?.id;
  if (first) edgeList.push({ id: `${id}-start-edge`, from: { eventId: 'start' }, to: { groupId: first } });
  return {
    id,
    version: '6.1',
    groups: groupList,
    edges: edgeList,
    events: [{ id: 'start', type: 'start', outgoingEdgeId: first ? `${id}-start-edge` : undefined }],
    variables: [],
    theme: {},
    settings: {},
  };
}

function input(
  bots: RuntimeBot[],
  currentBlockId: string,
  totalAnswers = 0,
  extra: Partial<ProgressInput> = {},
): ProgressInput {
  return { bots, currentBlockId, totalAnswers, linkedBot: () => undefined, ...extra };
}

/** g1: welcome text + Q1 → g2: Q2 → g3: Q3 + goodbye text. */
const linear = bot(
  'linear',
  { g1: [text('t1'), ask('q1', 'e1')], g2: [ask('q2', 'e2')], g3: [ask('q3'), text('t2')] },
  [
    ['e1', 'q1', 'g2'],
    ['e2', 'q2', 'g3'],
  ],
);

describe('computeProgress: convention', () => {
  it('reports 25, 50, 75 on the three questions of a linear bot', () => {
    expect(remainingInputs(input([linear], 'q1'))).toBe(3);
    expect(remainingInputs(input([linear], 'q2'))).toBe(2);
    expect(remainingInputs(input([linear], 'q3'))).toBe(1);
    expect(computeProgress(input([linear], 'q1', 0))).toBe(25);
    expect(computeProgress(input([linear], 'q2', 1))).toBe(50);
    expect(computeProgress(input([linear], 'q3', 2))).toBe(75);
  });

  it('is a float, not rounded', () => {
    const two = bot('two', { g1: [ask('a', 'e1')], g2: [ask('b')] }, [['e1', 'a', 'g2']]);
    expect(computeProgress(input([two], 'a', 0))).toBeCloseTo(100 / 3, 10);
    expect(computeProgress(input([two], 'a', 0))).not.toBe(33);
  });

  it('counts answers given before (loops, retries of the flow) in the answered part', () => {
    expect(computeProgress(input([linear], 'q3', 5))).toBeCloseTo((6 / 7) * 100, 10);
  });

  it('treats an unknown current block as nothing left', () => {
    expect(remainingInputs(input([linear], 'nope'))).toBe(0);
    expect(computeProgress(input([linear], 'nope', 3))).toBe(100);
  });
});

describe('computeProgress: longest path', () => {
  // q1 has two buttons: a short branch (1 input) and a long one (3 inputs).
  const branches = bot(
    'branches',
    {
      g1: [choice('q1', ['eShort', 'eLong'])],
      short: [ask('s1')],
      long: [ask('l1'), ask('l2', 'eL')],
      long2: [text('t'), ask('l3')],
    },
    [
      ['eShort', 'q1', 'short'],
      ['eLong', 'q1', 'long'],
      ['eL', 'l2', 'long2'],
    ],
  );

  it('takes the longest branch (not every reachable input)', () => {
    expect(remainingInputs(input([branches], 'q1'))).toBe(4);
    expect(computeProgress(input([branches], 'q1', 0))).toBe(20);
    expect(remainingInputs(input([branches], 's1'))).toBe(1);
    expect(remainingInputs(input([branches], 'l2'))).toBe(2);
  });

  it('follows the blocks after an input in its group and its own edge', () => {
    const group = bot('group', { g1: [ask('a'), text('t'), ask('b', 'e1')], g2: [ask('c')] }, [['e1', 'b', 'g2']]);
    expect(remainingInputs(input([group], 'a'))).toBe(3);
  });

  it('follows an edge to a given block of a group', () => {
    const mid = bot('mid', { g1: [ask('a', 'e1')], g2: [ask('skipped'), ask('b')] }, [['e1', 'a', 'g2', 'b']]);
    expect(remainingInputs(input([mid], 'a'))).toBe(2);
  });

  it('counts a condition branch and its else path', () => {
    const cond = bot(
      'cond',
      { g1: [ask('a'), condition('c', ['eYes'], 'eNo')], yes: [ask('y1'), ask('y2')], no: [ask('n1')] },
      [
        ['eYes', 'c', 'yes'],
        ['eNo', 'c', 'no'],
      ],
    );
    expect(remainingInputs(input([cond], 'a'))).toBe(3);
  });
});

describe('computeProgress: cycles', () => {
  it('counts the inputs of a loop once', () => {
    // q1 → q2 → condition: loop back to g1, else q3.
    const loop = bot('loop', { g1: [ask('q1'), ask('q2'), condition('c', ['eBack'], 'eOut')], out: [ask('q3')] }, [
      ['eBack', 'c', 'g1'],
      ['eOut', 'c', 'out'],
    ]);
    expect(remainingInputs(input([loop], 'q1'))).toBe(3);
    expect(remainingInputs(input([loop], 'q2'))).toBe(3);
    expect(remainingInputs(input([loop], 'q3'))).toBe(1);
  });

  it('handles a loop with no way out', () => {
    const forever = bot('forever', { g1: [ask('a', 'e1')], g2: [ask('b', 'e2')] }, [
      ['e1', 'a', 'g2'],
      ['e2', 'b', 'g1'],
    ]);
    expect(remainingInputs(input([forever], 'a'))).toBe(2);
    expect(computeProgress(input([forever], 'a', 10))).toBeCloseTo((11 / 13) * 100, 10);
  });

  it('handles a self-loop and a jump back', () => {
    const self = bot('self', { g1: [ask('a', 'e1')] }, [['e1', 'a', 'g1']]);
    expect(remainingInputs(input([self], 'a'))).toBe(1);
    const jumpy = bot('jumpy', { g1: [ask('a')], g2: [ask('b'), jump('j', 'g1')] }, []);
    expect(remainingInputs(input([jumpy], 'b'))).toBe(2);
    // A jump to a block of a group; the blocks after the jump never run.
    const jumpToBlock = bot(
      'jtb',
      { g1: [ask('a'), jump('j', 'g2', 'c'), ask('never')], g2: [ask('b'), ask('c')] },
      [],
    );
    expect(remainingInputs(input([jumpToBlock], 'a'))).toBe(2);
    // A jump to a block that is not in the group ends the flow there.
    const badJump = bot(
      'bad',
      { g1: [ask('a'), jump('j', 'g2', 'elsewhere'), ask('never')], g2: [ask('b')], g3: [ask('elsewhere')] },
      [],
    );
    expect(remainingInputs(input([badJump], 'a'))).toBe(1);
  });

  it('stays iterative on very long flows and large cycles', () => {
    const size = 20_000;
    const groups: Record<string, BlockDefinition[]> = {};
    const edges: [string, string, string][] = [];
    for (let index = 0; index < size; index += 1) {
      groups[`g${index}`] = [ask(`q${index}`, `e${index}`)];
      edges.push([`e${index}`, `q${index}`, `g${(index + 1) % size}`]);
    }
    const ring = bot('ring', groups, edges);
    expect(remainingInputs(input([ring], 'q0'))).toBe(size);
    edges.pop();
    const chain = bot('chain', groups, edges);
    expect(remainingInputs(input([chain], 'q5'))).toBe(size - 5);
  });
});

describe('computeProgress: links to bots', () => {
  it('adds the longest path of a same-bot link target, then continues after the link', () => {
    // g1: q1, link to g3 of this bot, then q2. g3: q3, q4.
    const same = bot(
      'same',
      { g1: [ask('q1'), link('l', { typebotId: 'current', groupId: 'g3' }), ask('q2')], g3: [ask('q3'), ask('q4')] },
      [],
    );
    expect(remainingInputs(input([same], 'q1'))).toBe(4);
    expect(remainingInputs(input([same], 'q2'))).toBe(1);
  });

  it('treats the bot own id like "current", and a link without group as its start', () => {
    const own = bot(
      'own',
      {
        intro: [ask('i1'), link('l', { typebotId: 'own' }, 'eAfter')],
        after: [ask('a1')],
        main: [ask('m1'), ask('m2')],
      },
      [['eAfter', 'l', 'after']],
      'main',
    );
    expect(remainingInputs(input([own], 'i1'))).toBe(1 + 2 + 1);
  });

  it('counts a link back into the same flow (a restart) as a cycle: once', () => {
    // Welcome → q1 → q2 → result with a "restart" button linking to g1 of this bot.
    const restart = bot(
      'restart',
      {
        welcome: [ask('w', 'eIn')],
        g1: [ask('q1'), ask('q2', 'eRes')],
        result: [choice('r', ['eRestart']), text('bye')],
        again: [link('l', { typebotId: 'current', groupId: 'g1' })],
      },
      [
        ['eIn', 'w', 'g1'],
        ['eRes', 'q2', 'result'],
        ['eRestart', 'r', 'again'],
      ],
      'welcome',
    );
    expect(remainingInputs(input([restart], 'w'))).toBe(4);
    expect(remainingInputs(input([restart], 'q1'))).toBe(3);
    expect(remainingInputs(input([restart], 'r'))).toBe(3);
    const self = bot('self', { g1: [ask('a'), link('l', { typebotId: 'current' }), ask('b')] }, []);
    expect(remainingInputs(input([self], 'a'))).toBe(2);
  });

  it('adds a linked bot found with linkedBot, from its start or a given group', () => {
    const other = bot('other', { o1: [ask('x1'), ask('x2')], o2: [ask('y1')] }, []);
    const parent = bot('parent', { g1: [ask('p1'), link('l', { typebotId: 'other' }), ask('p2')] }, []);
    const parentToGroup = bot(
      'parent2',
      { g1: [ask('p1'), link('l', { typebotId: 'other', groupId: 'o2' }), ask('p2')] },
      [],
    );
    const linkedBot = (id: string) => (id === 'other' ? other : undefined);
    expect(remainingInputs(input([parent], 'p1', 0, { linkedBot }))).toBe(4);
    expect(remainingInputs(input([parentToGroup], 'p1', 0, { linkedBot }))).toBe(3);
  });

  it('counts nothing for an unknown bot, a missing id, or a group chosen by variable', () => {
    const parent = bot(
      'parent',
      {
        g1: [
          ask('p1'),
          link('l1', { typebotId: 'ghost' }),
          link('l2', {}),
          link('l3', { typebotId: 'current', groupId: '{{Group}}' }),
          link('l4', { typebotId: 'current', groupId: 'missing' }),
          ask('p2'),
        ],
      },
      [],
    );
    expect(remainingInputs(input([parent], 'p1'))).toBe(2);
  });

  it('terminates on bots linking each other', () => {
    const a = bot('a', { g: [ask('a1'), link('la', { typebotId: 'b' }), ask('a2')] }, []);
    const b = bot('b', { g: [ask('b1'), link('lb', { typebotId: 'a' })] }, []);
    const linkedBot = (id: string) => ({ a, b })[id as 'a' | 'b'];
    expect(remainingInputs(input([a], 'a1', 0, { linkedBot }))).toBe(1 + (1 + (1 + 0 + 1)) + 1);
  });
});

describe('computeProgress: running inside a linked bot', () => {
  const parent = bot(
    'parent',
    {
      g1: [ask('p1'), link('l', { typebotId: 'child' }, 'eResume')],
      g2: [ask('p2'), ask('p3')],
      g3: [ask('p4'), link('l2', { typebotId: 'child' }), ask('p5')],
    },
    [['eResume', 'l', 'g2']],
  );
  const child = bot('child', { c1: [ask('c1q'), ask('c2q')] }, []);

  it('continues into the parent from the queued edge at a dead end of the child', () => {
    const progress = input([child, parent], 'c1q', 1, { queuedEdgeIds: [['eResume'], []] });
    expect(remainingInputs(progress)).toBe(2 + 2);
    expect(computeProgress(progress)).toBeCloseTo((2 / 6) * 100, 10);
  });

  it('resolves a virtual resume edge, given or decoded from its id', () => {
    const virtualEdges = [[], [{ id: 'virtual-g3-p5', from: { blockId: '' }, to: { groupId: 'g3', blockId: 'p5' } }]];
    expect(
      remainingInputs(input([child, parent], 'c2q', 0, { queuedEdgeIds: [['virtual-g3-p5'], []], virtualEdges })),
    ).toBe(1 + 1);
    expect(remainingInputs(input([child, parent], 'c2q', 0, { queuedEdgeIds: [['virtual-g3-p5'], []] }))).toBe(1 + 1);
    expect(remainingInputs(input([child, parent], 'c2q', 0, { queuedEdgeIds: [['virtual-g2'], []] }))).toBe(1 + 2);
  });

  it('ends at the child dead end without a queued edge (and a parent without any)', () => {
    expect(remainingInputs(input([child, parent], 'c1q', 0, { queuedEdgeIds: [[], []] }))).toBe(2);
    expect(remainingInputs(input([child, parent], 'c1q'))).toBe(2);
  });

  it('unwinds through several levels', () => {
    const grand = bot(
      'grand',
      { r1: [ask('r'), link('lg', { typebotId: 'parent' }, 'eBack')], r2: [ask('z1'), ask('z2'), ask('z3')] },
      [['eBack', 'lg', 'r2']],
    );
    const progress = input([child, parent, grand], 'c2q', 0, { queuedEdgeIds: [['eResume'], ['eBack'], []] });
    // c2q, then parent g2 (p2, p3), then grand r2 (z1..z3).
    expect(remainingInputs(progress)).toBe(1 + 2 + 3);
  });

  it('follows the queued edges of a single bot one after the other', () => {
    const single = bot('single', { g1: [ask('a')], g2: [ask('b')], g3: [ask('c'), ask('d')] }, [
      ['q1', 'x', 'g2'],
      ['q2', 'x', 'g3'],
    ]);
    expect(remainingInputs(input([single], 'a', 0, { queuedEdgeIds: [['q1', 'q2']] }))).toBe(1 + 1 + 2);
  });
});

describe('computeProgress on the fixture bots', () => {
  const dir = path.join(__dirname, '../../fixtures/bots');
  const load = (name: string): RuntimeBot => {
    const parsed = parseDefinition(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
    if (!parsed.ok) throw new Error(`${name} does not parse`);
    return toRuntimeBot(name, parsed.definition);
  };
  const inputsOf = (target: RuntimeBot) =>
    target.groups
      .flatMap((group) => group.blocks)
      .filter((block) => /input$/.test(block.type) || block.type === 'cards');

  it('gives a value strictly between 0 and 100 for every input of every fixture', () => {
    for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
      const target = load(name);
      for (const block of inputsOf(target)) {
        const value = computeProgress(input([target], block.id, 0));
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThan(100);
      }
    }
  });

  it('answers the same remaining inputs from the per-graph table as from the walk through linked flows', () => {
    // A bot without link blocks uses the table computed once per graph; an
    // unreachable link to an unknown bot adds nothing but takes the other path.
    for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
      const target = load(name);
      const withLink: RuntimeBot = {
        ...target,
        groups: [
          ...target.groups,
          {
            id: 'unreachable',
            title: 'Unreachable',
            blocks: [link('unreachable-link', { typebotId: 'unknown-bot' })],
          } as GroupDefinition,
        ],
      };
      for (const block of inputsOf(target)) {
        for (const totalAnswers of [0, 3]) {
          expect([name, block.id, computeProgress(input([target], block.id, totalAnswers))]).toEqual([
            name,
            block.id,
            computeProgress(input([withLink], block.id, totalAnswers)),
          ]);
        }
      }
    }
  });

  it('counts the quiz restart link as a loop', () => {
    const quiz = load('quiz.json');
    // Welcome button, then Q1..Q4 and the result buttons (one loop through the restart link).
    expect(remainingInputs(input([quiz], 'cl1r176e900692e6d8u3k6sdq'))).toBe(6);
    expect(remainingInputs(input([quiz], 'cl1r09dl9000j2e6dhkc2h97y'))).toBe(5);
  });
});
