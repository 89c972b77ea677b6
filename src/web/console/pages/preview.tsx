import { useEffect, useMemo, useRef, useState } from 'react';
import { PREVIEW_READY, PREVIEW_START } from '../../preview-messages';
import { chatOrigin, request } from '../api/client';
import { StartPreviewChatDocument } from '../api/generated';
import { parseFlow } from '../flow/model';
import type { BotDefinition } from './bot';
import { ErrorNote } from '../ui';

/** The wire shape drops what does not apply (the REST face's omitNull): the chat client expects absent keys, not nulls. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])));
  }
  return value;
}

/**
 * The stored draft in Parley's own chat client, started from the beginning or
 * from any group. The chat runs in a frame of the chat origin: bot content
 * (its client-side code included) never runs on the console's origin. The
 * console starts the preview (it holds the builder's authority) and hands the
 * first answer to the frame, which continues the session on the public chat API.
 */
export function PreviewTab({ bot }: { bot: BotDefinition }) {
  const groups = useMemo(() => parseFlow(bot).groups, [bot]);
  const [startGroup, setStartGroup] = useState('');
  const [run, setRun] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = chatOrigin();
  useEffect(() => {
    setFailure(null);
    const started = request(StartPreviewChatDocument, {
      botId: bot.id,
      startFrom: startGroup ? { type: 'group', groupId: startGroup } : undefined,
    }).then((answer) => withoutNulls(answer.startPreviewChat));
    started.catch(setFailure);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type !== PREVIEW_READY) return;
      void started.then((response) => frame.current?.contentWindow?.postMessage({ type: PREVIEW_START, response }, origin));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [bot.id, startGroup, run, origin]);
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
      {failure ? <ErrorNote error={failure} /> : null}
      <iframe
        key={`${startGroup}:${run}`}
        ref={frame}
        className="preview-host"
        title="Preview chat"
        src={`${origin}/_parley/preview`}
        allow="clipboard-write; microphone"
      />
    </section>
  );
}
