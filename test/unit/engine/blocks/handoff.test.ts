import { awaitsPerson, continueChat, releaseHandoff } from '../../../../src/engine/chat';
import { EngineRequestError } from '../../../../src/engine/errors';
import { testEnv } from '../../../helpers/engine';
import { block, bot, edge, group, resolverOf, start, text, wordsOf } from '../flow';

// The Handoff block in the engine: it says the waiting message, asks with a
// text box, and stops; only the service's release goes on, along the block's
// edge or at a group. A visitor's reply that reached the engine would not.

const handoff = (options: Record<string, unknown> = {}, outgoingEdgeId?: string) =>
  block('hand', 'handoff', { options, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) });

const main = bot(
  'main',
  [
    group('g1', [
      text('hello', 'Hello {{Name}}'),
      handoff({ message: 'Wait, {{Name}}', timeoutSeconds: 60, team: 'Sales' }, 'eNext'),
    ]),
    group('g2', [text('next', 'The bot again'), block('ask', 'text input')]),
    group('g3', [text('other', 'Elsewhere')]),
  ],
  { edges: [edge('eNext', 'g2')], variables: [{ id: 'vName', name: 'Name', value: 'Ada' }] },
);

describe('the Handoff block', () => {
  it('says its message, asks with a text box and asks the service for a person', async () => {
    const { result } = await start(main);
    expect(result.output.messages.map(wordsOf)).toEqual(['Hello Ada', 'Wait, Ada']);
    expect(result.output.input).toEqual({
      id: 'hand',
      type: 'text input',
      options: { labels: { placeholder: 'Write a message…', button: 'Send' } },
    });
    expect(result.output.handoff).toEqual({ blockId: 'hand', timeoutSeconds: 60, team: 'Sales' });
    expect(result.status).toBe('awaiting-reply');
    expect(awaitsPerson(result.state, resolverOf(main))).toBe(true);
  });

  it('has a plain default message and timeout; a timeout out of bounds reads as the default', async () => {
    for (const timeoutSeconds of [undefined, 5, 'soon']) {
      const plain = bot('main', [group('g1', [handoff({ timeoutSeconds })])]);
      const { result } = await start(plain);
      expect(result.output.messages.map(wordsOf)).toEqual([
        'Please wait a moment: someone from our team will answer you here.',
      ]);
      expect(result.output.handoff).toEqual({ blockId: 'hand', timeoutSeconds: 300 });
    }
  });

  it('stays where it is when a reply reaches it', async () => {
    const { result } = await start(main);
    const replied = await continueChat(
      result.state,
      { type: 'text', text: 'hi' },
      'richText',
      testEnv(),
      resolverOf(main),
    );
    expect(replied.output.messages).toEqual([]);
    expect(awaitsPerson(replied.state, resolverOf(main))).toBe(true);
    expect(replied.persistence.answers).toEqual([]);
  });

  it('goes on along its outgoing edge when released', async () => {
    const { result } = await start(main);
    const released = await releaseHandoff(result.state, {}, 'richText', testEnv(), resolverOf(main));
    expect(released.output.messages.map(wordsOf)).toEqual(['The bot again']);
    expect(released.output.input?.id).toBe('ask');
    expect(awaitsPerson(released.state, resolverOf(main))).toBe(false);
  });

  it('goes on at the group a person picked', async () => {
    const { result } = await start(main);
    const released = await releaseHandoff(result.state, { groupId: 'g3' }, 'markdown', testEnv(), resolverOf(main));
    expect(released.output.messages.map(wordsOf)).toEqual(['Elsewhere']);
    expect(released.status).toBe('ended');
  });

  it('refuses a group the bot does not have, and a session that waits for nobody', async () => {
    const { result } = await start(main);
    await expect(
      releaseHandoff(structuredClone(result.state), { groupId: 'nope' }, 'richText', testEnv(), resolverOf(main)),
    ).rejects.toThrow(new EngineRequestError('Group nope not found in this bot'));
    const released = await releaseHandoff(result.state, {}, 'richText', testEnv(), resolverOf(main));
    await expect(releaseHandoff(released.state, {}, 'richText', testEnv(), resolverOf(main))).rejects.toThrow(
      'The session does not wait for a person',
    );
  });
});
