// Bot definitions the benches publish.

const text = (id: string, words: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: words }] }] },
});
/** Three inputs in a row (name, e-mail, age), then a goodbye: the chat benches' conversation. */
export const THREE_INPUTS = {
  version: '6.1',
  name: 'Bench',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Name',
      blocks: [
        text('t1', 'Hi! What is your name?'),
        { id: 'i1', type: 'text input', options: { variableId: 'vname' }, outgoingEdgeId: 'e1' },
      ],
    },
    {
      id: 'g2',
      title: 'Email',
      blocks: [
        text('t2', 'Nice to meet you {{Name}}. Your e-mail?'),
        { id: 'i2', type: 'email input', options: { variableId: 'vmail' }, outgoingEdgeId: 'e2' },
      ],
    },
    {
      id: 'g3',
      title: 'Age',
      blocks: [text('t3', 'And your age?'), { id: 'i3', type: 'number input', outgoingEdgeId: 'e3' }],
    },
    { id: 'g4', title: 'End', blocks: [text('t4', 'Thanks {{Name}}!')] },
  ],
  edges: [
    { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
    { id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } },
    { id: 'e2', from: { blockId: 'i2' }, to: { groupId: 'g3' } },
    { id: 'e3', from: { blockId: 'i3' }, to: { groupId: 'g4' } },
  ],
  variables: [
    { id: 'vname', name: 'Name' },
    { id: 'vmail', name: 'Email' },
  ],
  theme: {},
  settings: {},
};

/**
 * `groups` groups in a cycle, each a text bubble and a text input (2 blocks
 * per group), so a conversation can last any number of turns. With
 * `recordsTranscript`, a group the loop never reaches (an end-of-chat summary)
 * sets a variable to the transcript: the session records one from the start.
 * With `progressBar`, every turn answers the progress (a longest-path measure
 * over the whole flow).
 */
export function loopBot(groups: number, options: { recordsTranscript?: boolean; progressBar?: boolean } = {}) {
  const loop = Array.from({ length: groups }, (_, index) => ({
    id: `g${index}`,
    title: `Question ${index}`,
    blocks: [
      text(`t${index}`, `Question ${index}: your answer, {{Answer}}?`),
      { id: `i${index}`, type: 'text input', options: { variableId: 'vanswer' }, outgoingEdgeId: `e${index + 1}` },
    ],
  }));
  const summary = {
    id: 'gsummary',
    title: 'Summary',
    blocks: [{ id: 'sv', type: 'Set variable', options: { variableId: 'vtranscript', type: 'Transcript' } }],
  };
  return {
    version: '6.1',
    name: `Loop of ${groups}`,
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
    groups: options.recordsTranscript ? [...loop, summary] : loop,
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g0' } },
      ...loop.map((_, index) => ({
        id: `e${index + 1}`,
        from: { blockId: `i${index}` },
        to: { groupId: `g${(index + 1) % groups}` },
      })),
    ],
    variables: [
      { id: 'vanswer', name: 'Answer' },
      { id: 'vtranscript', name: 'Transcript' },
    ],
    theme: options.progressBar ? { general: { progressBar: { isEnabled: true } } } : {},
    settings: {},
  };
}

/** A bot of `groups` groups in a chain, each a text and a text input, on a 25-wide grid (the editor's large case). */
export function bigBot(groups: number): Record<string, unknown> {
  const text = (id: string, words: string) => ({
    id,
    type: 'text',
    content: { richText: [{ type: 'p', children: [{ text: words }] }] },
  });
  return {
    version: '6.1',
    name: `${groups} groups`,
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
    groups: Array.from({ length: groups }, (_, index) => ({
      id: `g${index}`,
      title: `Group ${index}`,
      graphCoordinates: { x: (index % 25) * 340, y: Math.floor(index / 25) * 260 },
      blocks: [
        text(`t${index}`, `Message number ${index}`),
        {
          id: `i${index}`,
          type: 'text input',
          options: { variableId: 'v1' },
          ...(index < groups - 1 ? { outgoingEdgeId: `e${index}` } : {}),
        },
      ],
    })),
    edges: [
      { id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g0' } },
      ...Array.from({ length: groups - 1 }, (_, index) => ({
        id: `e${index}`,
        from: { blockId: `i${index}` },
        to: { groupId: `g${index + 1}` },
      })),
    ],
    variables: [{ id: 'v1', name: 'Answer' }],
    theme: {},
    settings: {},
  };
}
