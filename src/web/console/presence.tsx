import { useEffect, useId, useSyncExternalStore } from 'react';
import { request } from './api/client';
import { BotEditorsDocument, EditingBotDocument, LeftBotDocument, type BotEditorFieldsFragment } from './api/generated';
import { followBotEditing, TAB_KEY } from './editing-stream';

// Who else has a bot open in the editor, and what they have selected. The
// server forgets a tab 45 s after its last heartbeat, so beating every 15 s
// survives two lost beats; between beats, editorsChanged says when to re-read.

export type BotEditor = BotEditorFieldsFragment;
/** What this tab has selected, as the server keeps it. */
export interface TabSelection {
  groupId: string | null;
  blockId: string | null;
}

const HEARTBEAT_MS = 15_000;
/** A click through several blocks is one request: the one it stops on. */
const SELECTION_SEND_MS = 200;
/** A burst of changes (someone clicking through blocks) is one re-read. */
const REREAD_MS = 50;
/** More than this many avatars crowd a toolbar: the rest are counted. */
const MAX_AVATARS = 5;

const NOTHING: BotEditor[] = [];

/**
 * A bot's presence in this tab: the others' list, which the toolbar badge and
 * the canvas both draw, and this tab's selection, which the heartbeat sends.
 * A store outside React because the session (usePresenceSession) and the
 * selection (useSelectionPresence) live in different components.
 */
class BotPresence {
  editors: BotEditor[] = NOTHING;
  selection: TabSelection = { groupId: null, blockId: null };
  /** Set by the running session: sends a changed selection. */
  onSelection: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();

  listen = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  setEditors(editors: BotEditor[]): void {
    this.editors = editors;
    for (const listener of this.listeners) listener();
  }

  select(selection: TabSelection): void {
    if (selection.groupId === this.selection.groupId && selection.blockId === this.selection.blockId) return;
    this.selection = selection;
    this.onSelection?.();
  }
}

const presences = new Map<string, BotPresence>();

export function presenceOf(botId: string): BotPresence {
  let presence = presences.get(botId);
  if (!presence) presences.set(botId, (presence = new BotPresence()));
  return presence;
}

/** The others with `botId` open (other users, and this user in other tabs), as the running session last read them. */
export function useBotEditors(botId: string): BotEditor[] {
  const presence = presenceOf(botId);
  return useSyncExternalStore(presence.listen, () => presence.editors);
}

/**
 * Keeps this tab present on `botId` while mounted: a heartbeat every 15 s
 * (with the tab's selection), the selection at once when it changes, and a
 * re-read whenever editorsChanged says someone else came, went or selected
 * something. Leaving is said on unmount and on pagehide, so others see the
 * tab go at once rather than 45 s later. Mount it once per open bot.
 */
function usePresenceSession(botId: string): void {
  useEffect(() => {
    const presence = presenceOf(botId);
    let mounted = true;
    let inFlight: Promise<unknown> = Promise.resolve();
    const variables = { botId, sessionKey: TAB_KEY };
    // Answers may overtake each other: only the latest request's answer is drawn.
    let asked = 0;
    let drawn = 0;
    const draw = (ask: number, editors: BotEditor[]) => {
      if (!mounted || ask < drawn) return;
      drawn = ask;
      presence.setEditors(editors);
    };

    const beat = () => {
      const ask = ++asked;
      inFlight = request(EditingBotDocument, { ...variables, selection: presence.selection }).then(
        (data) => draw(ask, data.editingBot),
        // A stale list would claim people who may be gone: show none until the next beat answers.
        () => draw(ask, NOTHING),
      );
    };
    const reread = () => {
      const ask = ++asked;
      void request(BotEditorsDocument, variables).then(
        (data) => draw(ask, data.botEditors),
        () => undefined,
      );
    };
    let sendTimer: ReturnType<typeof setTimeout> | undefined;
    presence.onSelection = () => {
      clearTimeout(sendTimer);
      sendTimer = setTimeout(beat, SELECTION_SEND_MS);
    };
    let rereadTimer: ReturnType<typeof setTimeout> | undefined;
    const follow = () =>
      followBotEditing(botId, {
        event: ({ editorsChanged }) => {
          if (!editorsChanged) return;
          clearTimeout(rereadTimer);
          rereadTimer = setTimeout(reread, REREAD_MS);
        },
        // Whatever changed while the stream was down.
        resumed: reread,
      });

    // On unmount the last beat may still be on its way: leaving after it stops it from bringing the tab back.
    const leaveAfterBeat = () => void inFlight.then(() => request(LeftBotDocument, variables).catch(() => undefined));
    // The page may be gone before a pending beat answers: leave at once, in a request that outlives the page.
    const leaveNow = () => void request(LeftBotDocument, variables, { keepalive: true }).catch(() => undefined);
    // Back from the back/forward cache, or a background tab shown again (browsers slow its timers): beat at once.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && beat();
    const onVisible = () => document.visibilityState === 'visible' && beat();

    presence.setEditors(NOTHING);
    const stopFollowing = follow();
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    window.addEventListener('pagehide', leaveNow);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted = false;
      presence.onSelection = undefined;
      clearInterval(timer);
      clearTimeout(sendTimer);
      clearTimeout(rereadTimer);
      stopFollowing();
      window.removeEventListener('pagehide', leaveNow);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisible);
      leaveAfterBeat();
    };
  }, [botId]);
}

/** Two letters for an avatar: of the name's first two words, else of the e-mail's local part. */
export function initialsOf(editor: Pick<BotEditor['user'], 'email' | 'name'>): string {
  const source = editor.name?.trim() || editor.email.split('@')[0] || editor.email;
  const words = source.split(/[\s._+-]+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]!.charAt(0) + words[1]!.charAt(0) : source.slice(0, 2);
  return letters.toUpperCase();
}

/** A stable colour per person, dark enough for white initials. */
function hueOf(email: string): number {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A person's initials in their colour, the same in the toolbar and on the canvas. */
export function PersonAvatar({
  person,
  label,
  title = label,
  className,
}: {
  person: Pick<BotEditor['user'], 'email' | 'name'>;
  label: string;
  title?: string;
  className?: string;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={title}
      className={className ? `editor-avatar ${className}` : 'editor-avatar'}
      // The one per-person style: a hue derived from the e-mail (a class per person is not possible).
      style={{ backgroundColor: `hsl(${hueOf(person.email)} 55% 30%)` }}
    >
      {initialsOf(person)}
    </span>
  );
}

function Avatar({ editor }: { editor: BotEditor }) {
  const { email, name } = editor.user;
  return <PersonAvatar person={editor.user} label={email} title={name ? `${name} (${email})` : email} />;
}

/**
 * "Also editing:" and an avatar per other editor of the bot (their e-mail as
 * accessible name and tooltip); nothing when the caller is alone. Mount it
 * once per open bot: it runs the presence session (heartbeat, selection, live re-reads) itself.
 */
export function EditorsBadge({ botId }: { botId: string }) {
  usePresenceSession(botId);
  const editors = useBotEditors(botId);
  const labelId = useId();
  if (editors.length === 0) return null;
  const shown = editors.slice(0, MAX_AVATARS);
  const hidden = editors.slice(MAX_AVATARS);
  const hiddenLabel = `and ${hidden.length} more: ${hidden.map((editor) => editor.user.email).join(', ')}`;
  return (
    <div className="editors-badge">
      <span id={labelId}>Also editing:</span>
      <ul aria-labelledby={labelId}>
        {shown.map((editor) => (
          <li key={editor.user.id}>
            <Avatar editor={editor} />
          </li>
        ))}
        {hidden.length > 0 && (
          <li>
            <span role="img" aria-label={hiddenLabel} title={hiddenLabel} className="editor-avatar more">
              +{hidden.length}
            </span>
          </li>
        )}
      </ul>
    </div>
  );
}
