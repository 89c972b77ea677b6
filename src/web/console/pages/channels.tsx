import { Link } from 'wouter';
import { request } from '../api/client';
import { ChannelConnectionsDocument } from '../api/generated';
import type { BotDefinition } from '../bot-definition';
import type { Workspace } from '../session';
import { ErrorNote, useLoad } from '../ui';
import { ConnectionDetails, type Connection } from './channels/connection-details';
import { START_CONDITION, StartConditionFields, withoutEmptyStartCondition } from './channels/start-condition';
import { useDraftContext, type Draft } from './draft-context';
import { getPath, isRecord, setPath, type Json } from './draft-path';
import { CheckField, NumberField } from './draft-fields';
import { DraftForm, Section } from './draft-form';
import { useDraft } from './use-draft';

// The bot's messaging channels: which WhatsApp or Telegram connection it
// answers (settings.messagingApp, saved to the draft like the other settings:
// a publish makes it live), what to set up at the provider, and how the
// connection is doing. Connections are credentials of the workspace.

const CREDENTIALS_ID = ['messagingApp', 'credentialsId'] as const;
const KIND_LABEL: Record<string, string> = { whatsApp: 'WhatsApp', telegram: 'Telegram' };

/**
 * The settings as Parley reads them (services/channels/bot-selection.ts,
 * docs/channels.md): `messagingApp`, else a Typebot export's `whatsApp`, the
 * connection's id falling back to the bot's top-level `whatsAppCredentialsId`.
 */
function effectiveMessagingApp(settings: Json, topLevelId: string | null): Json {
  const own = isRecord(settings.messagingApp)
    ? settings.messagingApp
    : isRecord(settings.whatsApp)
      ? settings.whatsApp
      : {};
  return typeof own.credentialsId !== 'string' && topLevelId ? { ...own, credentialsId: topLevelId } : own;
}

/**
 * The form's fields read and write `messagingApp`; this draft shows them what
 * Parley reads. The first change of a bot that relies on the Typebot keys
 * writes them all under `messagingApp` (which Parley then reads instead), and
 * "Not connected" over a top-level id is an empty id: the top-level one would
 * apply again otherwise.
 */
function effectiveDraft(draft: Draft, topLevelId: string | null): Draft {
  const inMessagingApp = (path: readonly string[]) => path[0] === 'messagingApp';
  return {
    ...draft,
    get: (path) =>
      inMessagingApp(path) ? getPath(effectiveMessagingApp(draft.value, topLevelId), path.slice(1)) : draft.get(path),
    set: (path, next) => {
      if (!inMessagingApp(path) || path.length === 1) return draft.set(path, next);
      const current = effectiveMessagingApp(draft.value, topLevelId);
      const cleared = path[1] === 'credentialsId' && next === undefined && topLevelId ? '' : next;
      draft.set(['messagingApp'], setPath(current, path.slice(1), cleared));
    },
  };
}

function ConnectionPicker({
  connections,
  loading,
  topLevelId,
}: {
  connections: Connection[] | undefined;
  loading: boolean;
  topLevelId: string | null;
}) {
  const draft = useDraftContext();
  const chosen = draft.get(CREDENTIALS_ID);
  const current = typeof chosen === 'string' ? chosen : '';
  // A connection this viewer cannot list (or since deleted) stays chosen as it is stored.
  const unknown = current !== '' && !connections?.some((each) => each.id === current);
  // Guests are not shown the workspace's credentials, only that the bot has a connection.
  const unknownLabel = !draft.editable
    ? 'A connection of the workspace'
    : loading
      ? 'Loading…'
      : current === topLevelId
        ? 'Not in this workspace (from the imported file)'
        : 'Unknown or deleted connection';
  return (
    <div className="field wide connection-picker">
      <label htmlFor="channel-connection">Connection</label>
      <div className="row">
        <select
          id="channel-connection"
          value={current}
          disabled={loading && !connections}
          onChange={(event) => {
            const picked = event.target.value;
            const app = draft.get(['messagingApp']);
            // A connection is picked to be answered on: its switch comes on with it (and can be turned off).
            if (picked !== '')
              draft.set(['messagingApp'], { ...(isRecord(app) ? app : {}), credentialsId: picked, isEnabled: true });
            else draft.set(CREDENTIALS_ID, undefined);
          }}
        >
          <option value="">Not connected</option>
          {connections?.map((each) => (
            <option key={each.id} value={each.id}>
              {`${each.name} (${KIND_LABEL[each.type] ?? each.type})`}
            </option>
          ))}
          {unknown && <option value={current}>{unknownLabel}</option>}
        </select>
        {draft.editable && <Link href="/settings#credentials">Add a WhatsApp or Telegram connection</Link>}
      </div>
      {unknown && draft.editable && connections && (
        <p className="hint warning-note" role="note">
          {current === topLevelId
            ? `This bot came with the id of a WhatsApp connection (${current}) that is not one of this workspace’s: a Typebot export names the connection of the installation it came from, and`
            : `The connection this bot names (${current}) is not one of this workspace’s:`}{' '}
          the bot answers no messages through it. Choose a connection here, or “Not connected”.
        </p>
      )}
      {connections?.length === 0 && (
        <small className="hint">
          None yet: a connection is WhatsApp or Telegram credentials, added in Settings › Credentials.
        </small>
      )}
    </div>
  );
}

function ChosenConnection({
  workspaceId,
  connections,
  onRefresh,
  refreshing,
}: {
  workspaceId: string;
  connections: Connection[] | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const draft = useDraftContext();
  const chosen = connections?.find((each) => each.id === draft.get(CREDENTIALS_ID));
  if (!chosen?.channel) return null;
  return (
    <Section
      title={`Set up ${KIND_LABEL[chosen.type] ?? chosen.type}`}
      hint={
        chosen.type === 'whatsApp'
          ? 'Meta posts the number’s messages to this address once you have pasted it in your app’s dashboard.'
          : 'Telegram posts the bot’s messages to this address once it is connected.'
      }
    >
      <ConnectionDetails
        workspaceId={workspaceId}
        connection={{ ...chosen, channel: chosen.channel }}
        onRefresh={onRefresh}
        refreshing={refreshing}
      />
    </Section>
  );
}

export function ChannelsTab({
  bot,
  workspace,
  editable,
  onSaved,
}: {
  bot: BotDefinition;
  workspace: Workspace;
  editable: boolean;
  onSaved: () => void;
}) {
  const stored = useDraft(bot, 'settings', editable, onSaved, withoutEmptyStartCondition);
  const topLevelId = bot.whatsAppCredentialsId;
  const state = { ...stored, draft: effectiveDraft(stored.draft, topLevelId) };
  // Credentials are listed to editors only: a guest sees the settings, not the connections.
  const loaded = useLoad(
    () =>
      editable
        ? request(ChannelConnectionsDocument, { workspaceId: workspace.id }).then(({ credentials }) =>
            credentials.filter((each) => each.channel !== null),
          )
        : Promise.resolve(undefined),
    [workspace.id, editable],
  );
  const hasCondition = state.draft.get([...START_CONDITION, 'comparisons']);
  return (
    <DraftForm state={state} what="channel settings" label="Messaging channels" className="channels-form">
      <Section
        title="Messaging apps"
        hint="The bot answers WhatsApp or Telegram conversations of the connection chosen here. Changes are saved to the draft: publish the bot for them to take effect."
      >
        <ConnectionPicker connections={loaded.data} loading={loaded.loading} topLevelId={topLevelId} />
        <ErrorNote error={loaded.error} />
        <CheckField
          label="Answer messages on this connection"
          path={['messagingApp', 'isEnabled']}
          fallback={false}
          hint="Off: the connection’s conversations go to its other bots."
        />
        <NumberField
          label="A conversation starts over after"
          unit="hours"
          path={['messagingApp', 'sessionExpiryTimeout']}
          fallback={4}
          min={0.01}
          max={48}
          step="any"
        />
      </Section>
      <ChosenConnection
        workspaceId={workspace.id}
        connections={loaded.data}
        onRefresh={loaded.reload}
        refreshing={loaded.loading}
      />
      <Section
        title="Start condition"
        hint={
          Array.isArray(hasCondition) && hasCondition.length > 0
            ? 'Only a conversation whose first message meets this condition starts with this bot; the connection’s other bots get the rest.'
            : 'Several bots may share a connection: a condition on the first message picks which one starts a conversation.'
        }
      >
        <StartConditionFields />
      </Section>
    </DraftForm>
  );
}
