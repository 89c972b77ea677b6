import { z } from 'zod';
import type { AiMessage } from '../../contracts';
import type { VariableValue } from '../../session';
import type { BlockContext } from '../handler';
import { opt } from '../options';

// The messages of a completion as AI blocks write them (reference
// packages/ai/parseChatCompletionMessages and the legacy OpenAI block):
// system/user/assistant texts with variables, a "Dialogue" list variable
// alternating user and assistant turns, and the legacy "Messages sequence ✨"
// interleaving two list variables.

const ROLES = [
  { value: 'system', title: 'System' },
  { value: 'user', title: 'User' },
  { value: 'assistant', title: 'Assistant' },
  { value: 'Dialogue', title: 'Dialogue (a list variable)' },
  { value: 'Messages sequence ✨', title: 'Messages sequence (two list variables)' },
];

const TEXT_FIELDS = ['content', 'name'];

export const messagesOption = () =>
  opt.objectList(
    {
      role: opt.choice(ROLES, { title: 'Role', unknown: 'the message is not sent' }),
      content: contentOption(),
      name: opt.string({ title: 'Name' }),
      dialogueVariableId: opt.variable('Dialogue'),
      startsBy: opt.choice(
        [
          { value: 'user', title: 'User' },
          { value: 'assistant', title: 'Assistant' },
        ],
        { title: 'Starts by', unknown: 'the dialogue starts with the user', keywords: { default: 'user' } },
      ),
    },
    { title: 'Messages', keywords: { 'x-parley-new-row': { role: 'user' } } },
    {
      key: 'role',
      fields: {
        system: TEXT_FIELDS,
        user: TEXT_FIELDS,
        assistant: TEXT_FIELDS,
        Dialogue: ['dialogueVariableId', 'startsBy'],
        'Messages sequence ✨': ['content'],
      },
    },
  );

/** `content` is a text, except in a legacy "Messages sequence ✨" where it names two variables. */
function contentOption() {
  return z
    .union([
      z.string(),
      z.looseObject({
        assistantMessagesVariableId: opt.variable('Assistant messages'),
        userMessagesVariableId: opt.variable('User messages'),
      }),
    ])
    .optional()
    .catch(undefined)
    .meta({ title: 'Content' });
}

type MessageOption = ReturnType<typeof messagesOption>['_output'][number];

const STANDARD_ROLES = new Set(['system', 'user', 'assistant']);

function asList(value: VariableValue | undefined): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => item ?? '');
}

/** Dialogue turns: user first (or assistant first with `startsBy: assistant`, where every later turn reads as the user's, as the reference does). */
function dialogue(message: MessageOption, ctx: BlockContext): AiMessage[] {
  const items = asList(ctx.variables.value(message.dialogueVariableId));
  const startsByAssistant = message.startsBy === 'assistant';
  return items.flatMap((content, index): AiMessage[] => {
    if (content === '') return [];
    if (index === 0 && startsByAssistant) return [{ role: 'assistant', content }];
    return [{ role: index % (startsByAssistant ? 1 : 2) === 0 ? 'user' : 'assistant', content }];
  });
}

/** Legacy: user and assistant list variables interleaved, the longer list leading. */
function messagesSequence(message: MessageOption, ctx: BlockContext): AiMessage[] {
  const content = typeof message.content === 'object' ? message.content : undefined;
  if (!content?.assistantMessagesVariableId || !content.userMessagesVariableId) return [];
  const user = asList(ctx.variables.value(content.userMessagesVariableId));
  const assistant = asList(ctx.variables.value(content.assistantMessagesVariableId));
  const pairs: AiMessage[] =
    user.length > assistant.length
      ? user.flatMap((text, index): AiMessage[] => [
          { role: 'user', content: text },
          { role: 'assistant', content: assistant[index] ?? '' },
        ])
      : assistant.flatMap((text, index): AiMessage[] => [
          { role: 'assistant', content: text },
          { role: 'user', content: user[index] ?? '' },
        ]);
  return pairs.filter((item) => item.content !== '');
}

/** The messages sent, variables substituted; empty ones dropped. */
export async function chatMessages(messages: readonly MessageOption[], ctx: BlockContext): Promise<AiMessage[]> {
  const parsed: AiMessage[] = [];
  for (const message of messages) {
    if (message.role === 'Dialogue') parsed.push(...dialogue(message, ctx));
    else if (message.role === 'Messages sequence ✨') parsed.push(...messagesSequence(message, ctx));
    else if (message.role && STANDARD_ROLES.has(message.role) && typeof message.content === 'string') {
      const content = await ctx.text(message.content);
      if (content !== '') parsed.push({ role: message.role as AiMessage['role'], content });
    }
  }
  return parsed;
}
