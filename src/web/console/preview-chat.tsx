import { useEffect, useRef, useState } from 'react';
import { PREVIEW_BLOCK, PREVIEW_READY, PREVIEW_START } from '../preview-messages';
import { chatOrigin, request } from './api/client';
import { StartPreviewChatDocument } from './api/generated';
import { ErrorNote } from './ui';

/** The wire shape drops what does not apply (the REST face's omitNull): the chat client expects absent keys, not nulls. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])),
    );
  }
  return value;
}

/**
 * A preview chat in Parley's own chat client, in a frame of the chat origin:
 * bot content (its client-side code included) never runs on the console's
 * origin. The console starts the preview (it holds the builder's authority)
 * and hands the first answer to the frame, which continues the session on the
 * public chat API and tells which block it is at (`onBlock`).
 * It always runs the stored draft: a definition sent with the request would
 * not reach the workspace's stored credentials (AI and e-mail blocks would not
 * answer), so `beforeStart` saves what is not saved yet first.
 */
export function PreviewChat({
  botId,
  beforeStart,
  startGroup,
  run,
  onBlock,
}: {
  botId: string;
  beforeStart?: () => Promise<void>;
  startGroup: string;
  run: number;
  onBlock?: (blockId: string) => void;
}) {
  const [failure, setFailure] = useState<unknown>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = chatOrigin();
  // Saved when a run starts, not on each edit: a run keeps the flow it began with.
  const save = useRef(beforeStart);
  save.current = beforeStart;
  const blockListener = useRef(onBlock);
  blockListener.current = onBlock;
  useEffect(() => {
    setFailure(null);
    const started = (save.current?.() ?? Promise.resolve())
      .then(() =>
        request(StartPreviewChatDocument, {
          botId,
          startFrom: startGroup ? { type: 'group', groupId: startGroup } : undefined,
        }),
      )
      .then((answer) => withoutNulls(answer.startPreviewChat));
    started.catch(setFailure);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; blockId?: unknown } | null;
      if (data?.type === PREVIEW_BLOCK && typeof data.blockId === 'string') blockListener.current?.(data.blockId);
      if (data?.type !== PREVIEW_READY) return;
      void started.then((response) =>
        frame.current?.contentWindow?.postMessage({ type: PREVIEW_START, response }, origin),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [botId, startGroup, run, origin]);
  return (
    <>
      {failure ? <ErrorNote error={failure} /> : null}
      <iframe
        key={`${startGroup}:${run}`}
        ref={frame}
        className="preview-host"
        title="Preview chat"
        src={`${origin}/_parley/preview`}
        allow="clipboard-write; microphone"
      />
    </>
  );
}
