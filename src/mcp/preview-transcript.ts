// A preview conversation as lines an assistant reads: what the bot said (text,
// or the address of a picture, video, audio or embed), what it asked for, what
// the visitor answered, and what went wrong (the turn's error logs).

export interface TranscriptLine {
  from: 'bot' | 'visitor';
  /** The bubble's Markdown, a media address, or the visitor's reply. */
  text: string;
  /** A bubble's type when it is not text (image, video, audio, embed). */
  type?: string;
}

export interface AwaitedInput {
  type: string;
  /** The buttons or pictures a visitor can pick from. */
  choices?: string[];
  placeholder?: string;
}

/** What the runtime answered for one turn (ChatTurn), read loosely: it is the wire shape. */
export interface Turn {
  messages?: { type?: string; content?: Record<string, unknown> }[] | null;
  input?: Record<string, unknown> | null;
  clientSideActions?: { type?: string }[] | null;
  logs?: { status?: string; description?: string; details?: unknown }[] | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The bot's lines of one turn. Text comes as Markdown: the tool asks the runtime for that format. */
export function botLines(turn: Turn): TranscriptLine[] {
  return (turn.messages ?? []).map((message) => {
    const content = record(message.content);
    if (message.type === 'text') {
      const text =
        typeof content.markdown === 'string' ? content.markdown : JSON.stringify(content.richText ?? content);
      return { from: 'bot', text };
    }
    const url = typeof content.url === 'string' ? content.url : JSON.stringify(content);
    return { from: 'bot', text: url, type: message.type ?? 'unknown' };
  });
}

/** What the bot waits for after a turn; undefined when the conversation has ended. */
export function awaitedInput(turn: Turn): AwaitedInput | undefined {
  const input = turn.input;
  if (!input) return undefined;
  const items = Array.isArray(input.items) ? input.items.map(record) : [];
  const choices = items
    .map((item) => (typeof item.content === 'string' ? item.content : typeof item.title === 'string' ? item.title : ''))
    .filter(Boolean);
  const placeholder = record(record(input.options).labels).placeholder;
  return {
    type: String(input.type),
    ...(choices.length > 0 ? { choices } : {}),
    ...(typeof placeholder === 'string' ? { placeholder } : {}),
  };
}

/** The turn's problems: error logs (an HTTP request that failed, a script that threw…). */
export function turnErrors(turn: Turn): string[] {
  return (turn.logs ?? [])
    .filter((log) => log.status === 'error')
    .map((log) =>
      // GraphQL answers a log without details with `details: null`: nothing to add then.
      [log.description, log.details == null ? undefined : JSON.stringify(log.details)].filter(Boolean).join(': '),
    );
}

/** Actions the bot asks the visitor's browser to run (a redirect, a script…): a preview here runs none of them. */
export function clientActions(turn: Turn): string[] {
  return (turn.clientSideActions ?? []).map((action) => String(action.type ?? 'unknown'));
}
