import { useEffect, useId, useState } from 'react';
import { request } from './api/client';
import { EditingBotDocument, LeftBotDocument, type EditingBotMutation } from './api/generated';

// Who else has a bot open in the editor. The server forgets a tab 45 s after
// its last heartbeat, so beating every 15 s survives two lost beats.

export type BotEditor = EditingBotMutation['editingBot'][number];

const HEARTBEAT_MS = 15_000;
/** More than this many avatars crowd a toolbar: the rest are counted. */
const MAX_AVATARS = 5;

/**
 * One key per page load, i.e. per tab: the server answers everyone but this
 * key, so the user's other tabs show up while this one does not. Built from
 * getRandomValues, which (unlike randomUUID) works on plain-HTTP hosts too.
 */
export const TAB_KEY = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

/**
 * The others with `botId` open in the editor (other users, and this user in
 * other tabs), refreshed by a heartbeat every 15 s while mounted. Leaving is
 * said on unmount and on pagehide, so others see the tab go at once rather
 * than 45 s later.
 */
export function useBotPresence(botId: string): BotEditor[] {
  const [editors, setEditors] = useState<BotEditor[]>([]);

  useEffect(() => {
    let mounted = true;
    let inFlight: Promise<unknown> = Promise.resolve();
    const variables = { botId, sessionKey: TAB_KEY };

    const beat = () => {
      inFlight = request(EditingBotDocument, variables).then(
        (data) => mounted && setEditors(data.editingBot),
        // A stale list would claim people who may be gone: show none until the next beat answers.
        () => mounted && setEditors([]),
      );
    };
    // On unmount the last beat may still be on its way: leaving after it stops it from bringing the tab back.
    const leaveAfterBeat = () => void inFlight.then(() => request(LeftBotDocument, variables).catch(() => undefined));
    // The page may be gone before a pending beat answers: leave at once, in a request that outlives the page.
    const leaveNow = () => void request(LeftBotDocument, variables, { keepalive: true }).catch(() => undefined);
    // Back from the back/forward cache, or a background tab shown again (browsers slow its timers): beat at once.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && beat();
    const onVisible = () => document.visibilityState === 'visible' && beat();

    setEditors([]);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    window.addEventListener('pagehide', leaveNow);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leaveNow);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisible);
      leaveAfterBeat();
    };
  }, [botId]);

  return editors;
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

function Avatar({ editor }: { editor: BotEditor }) {
  const { email, name } = editor.user;
  return (
    <span
      role="img"
      aria-label={email}
      title={name ? `${name} (${email})` : email}
      className="editor-avatar"
      // The one per-person style: a hue derived from the e-mail (a class per person is not possible).
      style={{ backgroundColor: `hsl(${hueOf(email)} 55% 30%)` }}
    >
      {initialsOf(editor.user)}
    </span>
  );
}

/**
 * "Also editing:" and an avatar per other editor of the bot (their e-mail as
 * accessible name and tooltip); nothing when the caller is alone. Mount it
 * once per open bot: it runs the heartbeat itself.
 */
export function EditorsBadge({ botId }: { botId: string }) {
  const editors = useBotPresence(botId);
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
