import { useMemo } from 'react';
import { request } from '../api/client';
import { ResultTranscriptDocument, type ResultTranscriptQuery } from '../api/generated';
import { ChatMessage, chatMessageOf } from '../chat-message';
import { ErrorNote, useLoad } from '../ui';

type Line = ResultTranscriptQuery['bot']['result']['transcript'][number];

/** What a line without a renderable message says (a kind the chat page does not draw). */
function plainText(line: Line): string {
  return line.text ?? line.url ?? `[${line.type}]`;
}

function BotLine({ line }: { line: Line }) {
  const message = useMemo(() => chatMessageOf(line.message), [line.message]);
  return (
    <li className={line.type === 'text' ? 'host' : 'host media'}>
      <span className="visually-hidden">Bot: </span>
      {message ? <ChatMessage message={message} fallback={plainText(line)} /> : plainText(line)}
    </li>
  );
}

/** The visitor's reply; one the input refused is struck through and labelled, the retry message follows it. */
function VisitorLine({ line }: { line: Line }) {
  if (!line.rejected) {
    return (
      <li className="guest">
        <span className="visually-hidden">Visitor: </span>
        {plainText(line)}
      </li>
    );
  }
  return (
    <li className="guest rejected">
      <span className="visually-hidden">Visitor, not accepted: </span>
      <s>{plainText(line)}</s>
      <span className="rejected-label" aria-hidden="true">
        Not accepted
      </span>
    </li>
  );
}

/** A person of the workspace, while the conversation was handed to them: their name, then their words. */
function AgentLine({ line }: { line: Line }) {
  return (
    <li className="host agent">
      <span className="agent-name">{line.author ?? 'Agent'}</span>
      <span className="visually-hidden">: </span>
      {plainText(line)}
    </li>
  );
}

/** A result's conversation as the visitor saw it: the chat page's rendering, refused replies in place. */
export function Transcript({ botId, resultId }: { botId: string; resultId: string }) {
  const loaded = useLoad(() => request(ResultTranscriptDocument, { botId, resultId }), [botId, resultId]);
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  const lines = loaded.data?.bot.result.transcript;
  if (!lines) return <p className="loading">Loading…</p>;
  return (
    <ol className="transcript" aria-label="Conversation">
      {lines.map((line, index) =>
        line.role === 'user' ? (
          <VisitorLine key={index} line={line} />
        ) : line.role === 'agent' ? (
          <AgentLine key={index} line={line} />
        ) : (
          <BotLine key={index} line={line} />
        ),
      )}
    </ol>
  );
}
