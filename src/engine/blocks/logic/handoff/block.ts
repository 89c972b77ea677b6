import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import type { InputObject } from '../../../wire';
import textInput from '../../inputs/text/definition';
import definition from './definition';

export const DEFAULT_HANDOFF_MESSAGE = 'Please wait a moment: someone from our team will answer you here.';
export const DEFAULT_HANDOFF_TIMEOUT_SECONDS = 300;
/** A day: a visitor does not wait longer for a person, whatever the block says. */
export const MAX_HANDOFF_TIMEOUT_SECONDS = 86_400;

const options = optionsSchema({
  message: opt.string({
    title: 'Message while waiting',
    description: `What the visitor reads until someone answers ({{variables}} allowed). Empty: "${DEFAULT_HANDOFF_MESSAGE}"`,
  }),
  timeoutSeconds: opt.integer(
    { minimum: 10, maximum: MAX_HANDOFF_TIMEOUT_SECONDS },
    {
      title: 'Give up after (seconds)',
      description: `If nobody takes the conversation by then, the bot goes on along this block's outgoing edge (default ${DEFAULT_HANDOFF_TIMEOUT_SECONDS})`,
    },
  ),
  team: opt.string({ title: 'Team', description: 'Which queue of the inbox it waits in (optional)' }),
});

/** The text box a visitor writes to the person in (any client shows it, the official Typebot embed too). */
export function handoffInput(blockId: string): InputObject {
  return {
    id: blockId,
    type: textInput.type,
    options: { labels: { placeholder: 'Write a message…', button: 'Send' } },
  };
}

function timeoutOf(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return DEFAULT_HANDOFF_TIMEOUT_SECONDS;
  return Math.min(Math.round(value), MAX_HANDOFF_TIMEOUT_SECONDS);
}

/**
 * Parley's own block (the Typebot format has none): the conversation waits in
 * the workspace's inbox for a person. The bot says the waiting message and
 * offers a text box, so that every client, the official Typebot embed too,
 * lets the visitor write; what the visitor writes then goes to the person
 * (the chat service routes it before the engine sees it). The service hands
 * the flow back with `releaseHandoff` (chat.ts).
 */
export const handoffBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options,
  newBlock: { options: { timeoutSeconds: DEFAULT_HANDOFF_TIMEOUT_SECONDS } },
  handsOff(block) {
    const { timeoutSeconds, team } = readOptions(options, block);
    return {
      blockId: block.id,
      timeoutSeconds: timeoutOf(timeoutSeconds),
      ...(team?.trim() ? { team: team.trim() } : {}),
    };
  },
  async execute(block, ctx) {
    const { message, timeoutSeconds, team } = readOptions(options, block);
    const text = message?.trim() ? await ctx.text(message) : DEFAULT_HANDOFF_MESSAGE;
    ctx.message({
      id: block.id,
      type: 'text',
      content:
        ctx.textFormat === 'markdown'
          ? { type: 'markdown', markdown: text }
          : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
    });
    const teamName = team?.trim() ? (await ctx.text(team)).trim() : '';
    ctx.handOff(
      { blockId: block.id, timeoutSeconds: timeoutOf(timeoutSeconds), ...(teamName ? { team: teamName } : {}) },
      handoffInput(block.id),
    );
    return { kind: 'await-reply' };
  },
  // Only the service's release reaches the block (visitors' words go to the person): stay otherwise.
  onReply: () => ({ kind: 'await-reply' }),
};

export default handoffBlock;
