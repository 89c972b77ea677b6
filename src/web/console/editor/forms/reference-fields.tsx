import { useId, type ReactNode } from 'react';
import { blockLabel } from '../../../../engine/blocks/definitions';
import { blockSummary } from '../block-types';
import type { Draft } from '../draft';
import { ValueError } from './choice-field';
import { useBotGroups, useWorkspaceBots, type Named } from './workspace-lists';

// Fields naming something by its id, picked among what they can name: a group
// of the bot (or of the bot a link goes to), a block of the chosen group, a bot
// of the workspace. An id that names nothing stays shown, marked invalid in
// words; a {{variable}} (a group chosen when the chat runs) is kept as written.

/** The bot a link to itself names. */
export const THIS_BOT = 'current';

const isMention = (value: string) => /^\s*\{\{[^{}]+\}\}\s*$/.test(value);

interface PickerProps {
  label: string;
  hint: ReactNode;
  value: unknown;
  onChange(value: string | undefined): void;
}

/** A select of named things, with the empty choice's words, an unknown id kept and said. */
function Picker({
  label,
  hint,
  value,
  onChange,
  options,
  empty,
  what,
  loading,
}: PickerProps & { options: Named[]; empty: string; what: string; loading?: boolean }) {
  const id = useId();
  const errorId = `${id}-error`;
  const current = typeof value === 'string' ? value : '';
  const known = current === '' || options.some((option) => option.id === current);
  const mention = current !== '' && isMention(current);
  const problem =
    !known && !mention && !loading ? `No ${what} has the id “${current}”: choose one of the list.` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{empty}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        {!known && (
          <option value={current}>
            {mention ? `${current} (chosen when the chat runs)` : loading ? 'Loading…' : `Unknown ${what} (${current})`}
          </option>
        )}
      </select>
      {hint}
      <ValueError id={errorId} problem={problem} />
    </div>
  );
}

const draftGroups = (draft: Draft): Named[] =>
  draft.groups.map((group, index) => ({ id: group.id, name: group.title || `Group #${index + 1}` }));

/** A group of this bot, or of the bot `botId` names (a link to another bot). */
export function GroupField({
  draft,
  botId,
  thisBotId,
  empty,
  ...props
}: PickerProps & { draft: Draft; botId?: string; thisBotId?: string; empty: string }) {
  const other = botId && botId !== THIS_BOT && botId !== thisBotId && !isMention(botId) ? botId : undefined;
  const linked = useBotGroups(other);
  const options = other ? (linked ?? []) : draftGroups(draft);
  return (
    <Picker
      {...props}
      options={options}
      empty={empty}
      what="group"
      loading={other !== undefined && linked === undefined}
    />
  );
}

/** A block of the group `groupId` names, by its place and what it does. */
export function BlockField({ draft, groupId, ...props }: PickerProps & { draft: Draft; groupId: unknown }) {
  const group = draft.groups.find((candidate) => candidate.id === groupId);
  const options = (group?.blocks ?? []).map((block, index) => {
    const summary = blockSummary(block, 40);
    return { id: block.id, name: `${index + 1}. ${blockLabel(block.type)}${summary ? `: ${summary}` : ''}` };
  });
  return <Picker {...props} options={options} empty="— the group’s first block —" what="block in this group" />;
}

/** A bot of the workspace; this bot is "This bot" (`current`). */
export function BotField({
  workspaceId,
  thisBotId,
  ...props
}: PickerProps & { workspaceId?: string; thisBotId?: string }) {
  const bots = useWorkspaceBots(workspaceId);
  const options = [
    { id: THIS_BOT, name: 'This bot' },
    ...(bots ?? []).filter((bot) => bot.id !== thisBotId).map((bot) => ({ ...bot, name: bot.name || 'Untitled bot' })),
    // This bot named by its id, as some exports do: said as such.
    ...(thisBotId && props.value === thisBotId ? [{ id: thisBotId, name: 'This bot (by its id)' }] : []),
  ];
  return (
    <Picker
      {...props}
      options={options}
      empty="— choose a bot —"
      what="bot in this workspace"
      loading={workspaceId !== undefined && bots === undefined}
    />
  );
}
