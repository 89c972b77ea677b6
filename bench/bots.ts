// Bot definitions the benches publish.

const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } });
/** Three inputs in a row (name, e-mail, age), then a goodbye: the chat benches' conversation. */
export const THREE_INPUTS = {
  version: '6.1',
  name: 'Bench',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Name',
      blocks: [text('t1', 'Hi! What is your name?'), { id: 'i1', type: 'text input', options: { variableId: 'vname' }, outgoingEdgeId: 'e1' }],
    },
    {
      id: 'g2',
      title: 'Email',
      blocks: [
        text('t2', 'Nice to meet you {{Name}}. Your e-mail?'),
        { id: 'i2', type: 'email input', options: { variableId: 'vmail' }, outgoingEdgeId: 'e2' },
      ],
    },
    { id: 'g3', title: 'Age', blocks: [text('t3', 'And your age?'), { id: 'i3', type: 'number input', outgoingEdgeId: 'e3' }] },
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
