import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { saveOpenEdits } from '../editor/save-barrier';
import { NotFound } from '../not-found';
import { ApiError, request } from '../api/client';
import {
  BotDefinitionDocument,
  PublishBotDocument,
  UnpublishBotDocument,
  UpdateBotDraftDocument,
} from '../api/generated';
import { canEdit, type Workspace } from '../session';
import { ErrorNote, formatDate, Tabs, useAction, useLoad } from '../ui';
import { AnalyticsTab } from './analytics';
import { FlowTab } from './flow-tab';
import { ResultsTab } from './results';
import { ShareTab } from './share';
import { lowContrastMessage } from '../../../engine/shapes/theme-contrast';
import { visibleLowContrast } from '../../../engine/shapes/theme-defaults';

// The editors load with their tab, not with the console.
const ThemeEditor = lazy(() => import('./theme-editor').then((module) => ({ default: module.ThemeEditor })));
const SettingsEditor = lazy(() => import('./settings-editor').then((module) => ({ default: module.SettingsEditor })));
const ChannelsTab = lazy(() => import('./channels').then((module) => ({ default: module.ChannelsTab })));
const HistoryTab = lazy(() => import('./history').then((module) => ({ default: module.HistoryTab })));

/**
 * The bot's name, renamed where it is shown: a click turns it into a field,
 * Enter or leaving the field saves, Escape puts the old name back. A name
 * that is only spaces is refused here (the API would store the default name).
 */
function BotName({
  name,
  icon,
  editable,
  onRename,
}: {
  name: string;
  icon: string | null | undefined;
  editable: boolean;
  onRename(name: string): Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState(false);
  // Enter and Escape end the edit before the field's blur would save it a second time (or at all).
  const settled = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  // Left with Enter or Escape, the keyboard stays where it was: on the name (a click elsewhere keeps its focus).
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);
  const shown = `${icon ? `${icon} ` : ''}${name}`;
  if (!editable) return <h1>{shown}</h1>;
  if (!editing)
    return (
      <h1>
        <button
          ref={button}
          type="button"
          className="bot-name"
          aria-label={`Rename the bot: ${name}`}
          title="Click to rename"
          onClick={() => {
            settled.current = false;
            setRefused(false);
            setEditing(true);
          }}
        >
          {shown}
        </button>
      </h1>
    );
  const commit = async (value: string) => {
    const next = value.trim();
    if (!next) {
      setRefused(true);
      return;
    }
    settled.current = true;
    if (next === name || (await onRename(next))) setEditing(false);
    else settled.current = false;
  };
  return (
    <div className="bot-name-edit">
      <input
        aria-label="Bot name"
        autoFocus
        defaultValue={name}
        maxLength={255}
        aria-invalid={refused || undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            refocus.current = true;
            void commit(event.currentTarget.value);
          }
          if (event.key === 'Escape') {
            refocus.current = true;
            settled.current = true;
            setEditing(false);
          }
        }}
        onBlur={(event) => {
          if (!settled.current) void commit(event.currentTarget.value);
        }}
      />
      {refused && (
        <p role="alert" className="error">
          A bot needs a name.
        </p>
      )}
    </div>
  );
}

const TABS = [
  { id: 'flow', label: 'Flow' },
  { id: 'results', label: 'Results' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'theme', label: 'Theme' },
  { id: 'bot-settings', label: 'Settings' },
  { id: 'share', label: 'Share' },
  { id: 'channels', label: 'Channels' },
  { id: 'history', label: 'History' },
  { id: 'test', label: 'Test' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function BotPage({ workspace, botId, tab }: { workspace: Workspace; botId: string; tab?: string }) {
  const [, navigate] = useLocation();
  const loaded = useLoad(() => request(BotDefinitionDocument, { botId }), [botId]);
  const editable = canEdit(workspace.viewerRole);
  // The version the flow editor's last save made: the other tabs' saves (theme, history) start from it.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const markEdited = useCallback((version: number) => setSavedVersion(version), []);
  const rename = useAction(async (name: string) => {
    // The flow's pending edits go first, so the rename's version is the latest the page knows.
    await saveOpenEdits();
    const { updateBot } = await request(UpdateBotDraftDocument, { botId, bot: { name } });
    setSavedVersion(updateBot.draftVersion);
    loaded.reload();
  });
  const publish = useAction(async (on: boolean) => {
    if (on) {
      await saveOpenEdits();
      await request(PublishBotDocument, { botId });
    } else {
      if (!confirm('Unpublish this bot? Its page and embeds stop answering new visitors.')) return;
      await request(UnpublishBotDocument, { botId });
    }
    loaded.reload();
  });
  const loadedBot = loaded.data?.bot;
  const bot = useMemo(
    () =>
      loadedBot && savedVersion !== null && savedVersion > loadedBot.draftVersion
        ? { ...loadedBot, draftVersion: savedVersion }
        : loadedBot,
    [loadedBot, savedVersion],
  );
  // What Publish would show visitors hard to read: the Theme tab's warnings, before it goes live.
  const lowContrast = useMemo(
    () => (loadedBot ? visibleLowContrast(loadedBot.theme, loadedBot.version) : []),
    [loadedBot?.theme, loadedBot?.version],
  );
  if (loaded.error instanceof ApiError && loaded.error.code === 'NOT_FOUND') return <NotFound what="bot" />;
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!bot) return <p className="loading">Loading…</p>;
  // A bot of another workspace opened under this one's address.
  if (bot.workspaceId !== workspace.id) return <NotFound what="bot" />;
  const current: TabId = TABS.some((each) => each.id === tab) ? (tab as TabId) : 'flow';
  // The editor saved since the bot was loaded: something to publish. Once the bot is loaded again
  // (a publish, a restore of the live revision), the server's answer, which compares the contents, decides.
  const edited = savedVersion !== null && loadedBot !== undefined && savedVersion > loadedBot.draftVersion;
  const unpublished = bot.hasUnpublishedChanges || edited;
  return (
    <section className={current === 'flow' || current === 'test' ? 'bot flow-page' : 'bot'}>
      <header className="row">
        <BotName name={bot.name} icon={bot.icon} editable={editable} onRename={rename.run} />
        <span className="status" role="status">
          {bot.publishedAt
            ? `Published ${formatDate(bot.publishedAt)}${unpublished ? ' · changes not published' : ''}`
            : 'Not published'}
        </span>
        {editable && (
          <>
            {(!bot.publishedAt || unpublished) && (
              <button type="button" disabled={publish.pending} onClick={() => void publish.run(true)}>
                {bot.publishedAt ? 'Publish changes' : 'Publish'}
              </button>
            )}
            {bot.publishedAt && (
              <button
                type="button"
                className="secondary"
                disabled={publish.pending}
                onClick={() => void publish.run(false)}
              >
                Unpublish
              </button>
            )}
            {(!bot.publishedAt || unpublished) && lowContrast.length > 0 && (
              // Beside Publish, in one line: the flow canvas below keeps the window's height.
              <span
                className="publish-warning"
                role="note"
                title={lowContrast.map((each) => `${lowContrastMessage(each)}.`).join(' ')}
              >
                Before publishing:{' '}
                {lowContrast.map((each) => `${each.pair.label} (${each.ratio.toFixed(1)}:1)`).join(', ')}{' '}
                {lowContrast.length === 1 ? 'is' : 'are'} hard to read (WCAG AA asks 4.5:1).{' '}
                {current === 'theme' ? (
                  'Change these colours below.'
                ) : (
                  <Link href={`/bots/${bot.id}/theme`}>Change them in the Theme tab.</Link>
                )}
              </span>
            )}
          </>
        )}
      </header>
      <ErrorNote error={publish.error} />
      <ErrorNote error={rename.error} />
      <Tabs tabs={[...TABS]} current={current} onSelect={(id) => navigate(`/bots/${bot.id}/${id}`)} />
      {(current === 'flow' || current === 'test') && (
        <FlowTab
          // The flow as loaded, at the version it was loaded at: the editor catches up from there by itself.
          bot={loadedBot ?? bot}
          workspaceId={workspace.id}
          editable={editable}
          onSaved={markEdited}
          // One Test: the tab is the flow editor with its Test panel open, running the flow as it is in
          // the editor (unsaved edits too), the same as the editor's Test button, which follows the tab.
          testing={current === 'test'}
          onTesting={(open) => navigate(`/bots/${bot.id}/${open ? 'test' : 'flow'}`)}
        />
      )}
      {current === 'results' && <ResultsTab bot={bot} editable={editable} />}
      {current === 'analytics' && <AnalyticsTab bot={bot} />}
      {(current === 'theme' || current === 'bot-settings') && (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {current === 'theme' ? (
            <ThemeEditor bot={bot} editable={editable} onSaved={loaded.reload} />
          ) : (
            <SettingsEditor bot={bot} editable={editable} onSaved={loaded.reload} />
          )}
        </Suspense>
      )}
      {current === 'share' && <ShareTab bot={bot} onSaved={loaded.reload} />}
      {current === 'channels' && (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <ChannelsTab bot={bot} workspace={workspace} editable={editable} onSaved={loaded.reload} />
        </Suspense>
      )}
      {current === 'history' && (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <HistoryTab bot={bot} editable={editable} onRestored={loaded.reload} />
        </Suspense>
      )}
    </section>
  );
}
