import { agentOf, eventsUrl, parseHandoffEvent } from '../../../src/web/handoff';

// The chat client's reading of the visitor's handoff stream (docs/handoff: the chat wire).

const text = (words: string) => ({ type: 'richText', richText: [{ type: 'p', children: [{ text: words }] }] });

test('each event kind of the stream is read; what the client does not know is left alone', () => {
  const message = { id: 'agent-c1-7', type: 'text', content: text('Hi'), author: { kind: 'agent', name: 'Ada' } };
  expect(parseHandoffEvent(JSON.stringify({ type: 'message', seq: 7, message }))).toEqual({
    type: 'message',
    seq: 7,
    message,
  });
  expect(parseHandoffEvent('{"type":"typing"}')).toEqual({ type: 'typing' });
  expect(parseHandoffEvent('{"type":"taken","agent":{"name":"Ada","image":null}}')).toEqual({
    type: 'taken',
    agent: { name: 'Ada' },
  });
  const response = { messages: [], input: { id: 'b9', type: 'text input' } };
  expect(parseHandoffEvent(JSON.stringify({ type: 'released', seq: 9, response }))).toEqual({
    type: 'released',
    seq: 9,
    response,
  });
  expect(parseHandoffEvent('{"type":"closed","seq":10}')).toEqual({ type: 'closed', seq: 10 });
  for (const unknown of ['{"type":"shrug"}', 'not json', 'null', '{"type":"message"}', '[]'])
    expect(parseHandoffEvent(unknown)).toBeUndefined();
});

test('a seq that is not a count is ignored, the event kept', () => {
  expect(parseHandoffEvent('{"type":"closed","seq":"10"}')).toEqual({ type: 'closed', seq: undefined });
  expect(parseHandoffEvent('{"type":"closed","seq":-1}')).toEqual({ type: 'closed', seq: undefined });
});

test('the author of a message: a person of the workspace only, with a picture only at a web address', () => {
  expect(agentOf({ author: { kind: 'agent', name: ' Ada ', image: 'https://example.com/ada.png' } })).toEqual({
    name: 'Ada',
    image: 'https://example.com/ada.png',
  });
  expect(agentOf({ author: { kind: 'agent', name: 'Ada', image: 'javascript:alert(1)' } })).toEqual({ name: 'Ada' });
  // A person without a name is still a person.
  expect(agentOf({ author: { kind: 'agent', name: '' } })).toEqual({ name: 'Agent' });
  expect(agentOf({ author: { kind: 'visitor' } })).toBeUndefined();
  expect(agentOf({ type: 'text' })).toBeUndefined();
});

test("the stream's address: the session escaped, the replay point when given", () => {
  expect(eventsUrl('https://chat.example.com', 'a/b')).toBe('https://chat.example.com/v1/sessions/a%2Fb/events');
  expect(eventsUrl('https://chat.example.com', 's1', 0)).toBe('https://chat.example.com/v1/sessions/s1/events?after=0');
});
