import { useEffect, useMemo, useRef, useState } from 'react';
import { mountChat } from '../../chat';
import { request } from '../api/client';
import { StartPreviewChatDocument } from '../api/generated';
import { parseFlow } from '../flow/model';
import type { BotDefinition } from './bot';

/** The wire shape drops what does not apply (the REST face's omitNull): the chat client expects absent keys, not nulls. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])));
  }
  return value;
}

/** The stored draft in Parley's own chat client, started from the beginning or from any group. */
export function PreviewTab({ bot }: { bot: BotDefinition }) {
  const groups = useMemo(() => parseFlow(bot).groups, [bot]);
  const [startGroup, setStartGroup] = useState('');
  const [run, setRun] = useState(0);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const mount = document.createElement('div');
    mount.className = 'preview-chat';
    element.replaceChildren(mount);
    void mountChat(mount, {
      bot: bot.id,
      start: async () => {
        const started = await request(StartPreviewChatDocument, {
          botId: bot.id,
          startFrom: startGroup ? { type: 'group', groupId: startGroup } : undefined,
        });
        return withoutNulls(started.startPreviewChat) as Record<string, unknown>;
      },
    });
    return () => element.replaceChildren();
  }, [bot.id, startGroup, run]);
  return (
    <section className="preview">
      <form className="row" onSubmit={(event) => event.preventDefault()}>
        <label>
          Start from
          <select value={startGroup} onChange={(event) => setStartGroup(event.target.value)}>
            <option value="">The start</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={() => setRun((count) => count + 1)}>
          Restart
        </button>
      </form>
      <p className="hint">The preview runs the saved draft; its answers are not stored as results.</p>
      <div ref={host} className="preview-host" aria-label="Preview chat" />
    </section>
  );
}
