/** A minimal valid v6 definition: one group with one text bubble, reached from the start event. */
export const MINIMAL_BOT = {
  version: '6',
  name: 'T',
  groups: [
    {
      id: 'g1',
      title: 'G',
      blocks: [{ id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'hi' }] }] } }],
    },
  ],
  events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed', graphCoordinates: { x: 0, y: 0 } }],
  edges: [{ id: 'ed', from: { eventId: 'e' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: {},
};
