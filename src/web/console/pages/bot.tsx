import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { saveOpenEdits } from '../editor/save-barrier';
import { NotFound } from '../not-found';
import { ApiError, request } from '../api/client';
import { BotDefinitionDocument, PublishBotDocument, UnpublishBotDocument } from '../api/generated';
import { canEdit, type Workspace } from '../session';
import { ErrorNote, formatDate, Tabs, useAction, useLoad } from '../ui';
import { AnalyticsTab } from './analytics';
import { FlowTab } from './flow-tab';
import { PreviewTab } from './preview';
import { ResultsTab } from './results';
import { ShareTab } from './share';

// The editors load with their tab, not with the console.
const ThemeEditor = lazy(() => import('./theme-editor').then((module) => ({ default: module.ThemeEditor })));
const SettingsEditor = lazy(() => import('./settings-editor').then((module) => ({ default: module.SettingsEditor })));
const ChannelsTab = lazy(() => import('./channels').then((module) => ({ default: module.ChannelsTab })));
const HistoryTab = lazy(() => import('./history').then((module) => ({ default: module.HistoryTab })));

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
  // Saved by the editor since the bot was loaded: there is something to publish.
  const [edited, setEdited] = useState(false);
  // The version the flow editor's last save made: the other tabs' saves (theme, history) start from it.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const markEdited = useCallback((version: number) => {
    setEdited(true);
    setSavedVersion(version);
  }, []);
  const publish = useAction(async (on: boolean) => {
    if (on) {
      await saveOpenEdits();
      await request(PublishBotDocument, { botId });
      setEdited(false);
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
  if (loaded.error instanceof ApiError && loaded.error.code === 'NOT_FOUND') return <NotFound what="bot" />;
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!bot) return <p className="loading">Loading…</p>;
  // A bot of another workspace opened under this one's address.
  if (bot.workspaceId !== workspace.id) return <NotFound what="bot" />;
  const current: TabId = TABS.some((each) => each.id === tab) ? (tab as TabId) : 'flow';
  const unpublished = bot.hasUnpublishedChanges || edited;
  return (
    <section className="bot">
      <header className="row">
        <h1>
          {bot.icon ? `${bot.icon} ` : ''}
          {bot.name}
        </h1>
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
          </>
        )}
      </header>
      <ErrorNote error={publish.error} />
      <Tabs tabs={[...TABS]} current={current} onSelect={(id) => navigate(`/bots/${bot.id}/${id}`)} />
      {current === 'flow' && (
        <FlowTab bot={bot} workspaceId={workspace.id} editable={editable} reload={loaded.reload} onSaved={markEdited} />
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
      {current === 'test' && <PreviewTab bot={bot} />}
    </section>
  );
}
