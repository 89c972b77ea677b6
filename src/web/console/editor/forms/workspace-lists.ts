import { useEffect, useSyncExternalStore } from 'react';
import { request } from '../../api/client';
import { BotFlowDocument, BotsDocument, WorkspaceCredentialsDocument, type BotsQuery } from '../../api/generated';
import { isObject } from '../../json';

// What the block forms pick among besides the draft: the workspace's
// credentials and bots, and the groups of a bot another block links to. One
// copy per workspace (or bot) for every form, loaded when first needed and
// again when the console regains focus (credentials added in another tab),
// or when a form adds credentials itself.

export interface Credential {
  id: string;
  name: string;
  type: string;
}

export interface Named {
  id: string;
  name: string;
}

type Listener = () => void;

/** A list per key, loaded on demand, read by hooks. */
class Lists<T> {
  private readonly values = new Map<string, T>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  constructor(private readonly load: (key: string) => Promise<T>) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (key: string | undefined) => (key === undefined ? undefined : this.values.get(key));

  /** Loads the key again (once at a time); failures leave the last list. */
  refresh(key: string): Promise<void> {
    const running = this.loading.get(key);
    if (running) return running;
    const done = this.load(key)
      .then((value) => {
        this.values.set(key, value);
        this.listeners.forEach((listener) => listener());
      })
      .catch(() => undefined)
      .finally(() => this.loading.delete(key));
    this.loading.set(key, done);
    return done;
  }

  ensure(key: string): void {
    if (!this.values.has(key)) void this.refresh(key);
  }
}

const credentials = new Lists<Credential[]>((workspaceId) =>
  request(WorkspaceCredentialsDocument, { workspaceId }).then((answer) =>
    answer.credentials.map(({ id, name, type }) => ({ id, name, type })),
  ),
);

/** Pages of 100: a workspace with more bots than the picker can show lists the first thousand. */
const MAX_PAGES = 10;

const bots = new Lists<Named[]>(async (workspaceId) => {
  const all: Named[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer: BotsQuery = await request(BotsDocument, { workspaceId, cursor });
    all.push(...answer.bots.bots.map(({ id, name }) => ({ id, name })));
    cursor = answer.bots.nextCursor;
    if (!cursor) break;
  }
  return all;
});

const groups = new Lists<Named[]>((botId) =>
  request(BotFlowDocument, { botId }).then((answer) =>
    (Array.isArray(answer.bot.groups) ? answer.bot.groups : []).filter(isObject).map((group, index) => ({
      id: String(group.id),
      name: typeof group.title === 'string' && group.title !== '' ? group.title : `Group #${index + 1}`,
    })),
  ),
);

/** Loads again when the window regains focus (credentials or bots added elsewhere). */
function useRefreshOnFocus<T>(lists: Lists<T>, key: string | undefined): void {
  useEffect(() => {
    if (key === undefined) return;
    lists.ensure(key);
    const onFocus = () => void lists.refresh(key);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [lists, key]);
}

/** The workspace's credentials: the page's list until the form's own is loaded. Undefined workspace: no loading (guests). */
export function useWorkspaceCredentials(workspaceId: string | undefined, initial: Credential[]): Credential[] {
  useRefreshOnFocus(credentials, workspaceId);
  return useSyncExternalStore(credentials.subscribe, () => credentials.get(workspaceId)) ?? initial;
}

export const refreshCredentials = (workspaceId: string) => credentials.refresh(workspaceId);

/** The workspace's bots; undefined while loading. */
export function useWorkspaceBots(workspaceId: string | undefined): Named[] | undefined {
  useRefreshOnFocus(bots, workspaceId);
  return useSyncExternalStore(bots.subscribe, () => bots.get(workspaceId));
}

/** The groups of another bot; undefined while loading (or for no bot). */
export function useBotGroups(botId: string | undefined): Named[] | undefined {
  useEffect(() => {
    if (botId) groups.ensure(botId);
  }, [botId]);
  return useSyncExternalStore(groups.subscribe, () => groups.get(botId));
}
