import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, chatOrigin, request } from '../api/client';
import { UpdateBotAddressDocument } from '../api/generated';
import { canEdit, useSession } from '../session';
import { ErrorNote, useAction } from '../ui';
import type { BotDefinition } from '../bot-definition';

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <figure className="snippet">
      <figcaption>{label}</figcaption>
      <pre>
        <code>{code}</code>
      </pre>
      <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(code)}>
        Copy
      </button>
    </figure>
  );
}

function EmbedKind({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <section className="embed-kind">
      <h3>{title}</h3>
      <p className="hint">{summary}</p>
      {children}
    </section>
  );
}

/** Option names and what they do: a list that reads at phone width (no table to scroll sideways). */
function Options({ entries }: { entries: [string, string][] }) {
  return (
    <dl className="embed-options">
      {entries.map(([name, meaning]) => (
        <div key={name}>
          <dt>
            <code>{name}</code>
          </dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The bubble snippet carries the bot's button colour: the launcher shows before any chat starts, so
 * before the embed could learn the bot's theme.
 */
function bubbleTheme(theme: unknown): string {
  const buttons = (theme as { chat?: { buttons?: { backgroundColor?: unknown; color?: unknown } } } | null)?.chat
    ?.buttons;
  const colour = (value: unknown) => (typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined);
  const button = [
    colour(buttons?.backgroundColor) && `backgroundColor: '${colour(buttons?.backgroundColor)}'`,
    colour(buttons?.color) && `iconColor: '${colour(buttons?.color)}'`,
  ].filter(Boolean);
  return button.length ? `    theme: { button: { ${button.join(', ')} } },\n` : '';
}

type Address = Pick<BotDefinition, 'name' | 'publicId' | 'shareUrl'>;

/**
 * The server names a bot's fields under `bot`, which the console's error words
 * read as an imported file's; here they are this form's fields.
 */
function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const issues = error.issues.map((issue) =>
    issue.path?.[0] === 'bot' ? { ...issue, path: issue.path.slice(1) } : issue,
  );
  // "Public id not available" says which field, not why: the issue's sentence does.
  const detail = error.message !== 'Invalid input data' && issues.length === 1 ? issues[0]!.message : undefined;
  return new ApiError(error.code, detail ? `${error.message}: it ${detail}` : error.message, detail ? [] : issues);
}

function AddressForm({
  botId,
  address,
  editable,
  onSaved,
}: {
  botId: string;
  address: Address;
  editable: boolean;
  onSaved: (saved: Address) => void;
}) {
  const [name, setName] = useState(address.name);
  const [publicId, setPublicId] = useState(address.publicId ?? '');
  const [savedNote, setSavedNote] = useState(false);
  const save = useAction(async () => {
    // Only what changed: an unchanged public id is not checked (nor refused) again.
    const patch: { name?: string; publicId?: string } = {};
    if (name.trim() !== address.name) patch.name = name.trim();
    if (publicId.trim() !== (address.publicId ?? '')) patch.publicId = publicId.trim();
    if (Object.keys(patch).length === 0) return;
    const { updateBot } = await request(UpdateBotAddressDocument, { botId, bot: patch });
    onSaved(updateBot);
    setName(updateBot.name);
    setPublicId(updateBot.publicId ?? '');
    setSavedNote(true);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedNote(false);
    void save.run();
  };
  return (
    <form className="card address" onSubmit={submit} aria-label="Name and public id">
      <fieldset disabled={!editable || save.pending}>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={255} />
        </label>
        <label>
          Public id
          <span className="prefixed">
            <span className="prefix" aria-hidden="true">
              {chatOrigin().replace(/^https?:\/\//, '')}/
            </span>
            <input
              value={publicId}
              onChange={(event) => setPublicId(event.target.value)}
              // A published bot always has one: clearing it would take its page down.
              required={address.publicId !== null}
              maxLength={100}
              pattern="[a-zA-Z0-9.\-]+"
              title='Letters, digits, "-" and "."'
              placeholder="chosen when first published"
              spellCheck={false}
              autoCapitalize="off"
            />
          </span>
        </label>
      </fieldset>
      {editable ? (
        <div className="row">
          <button type="submit" disabled={save.pending}>
            Save
          </button>
          {savedNote && (
            <span className="hint" role="status">
              Saved
            </span>
          )}
        </div>
      ) : (
        <p className="hint">Guests can see these but not change them.</p>
      )}
      <ErrorNote error={asFormError(save.error)} />
    </form>
  );
}

export function ShareTab({ bot, onSaved }: { bot: BotDefinition; onSaved?: () => void }) {
  const { workspaces } = useSession();
  const editable = canEdit(workspaces.find((workspace) => workspace.id === bot.workspaceId)?.viewerRole);
  // The page above holds the bot as loaded: what this tab saves is shown from here on.
  const [address, setAddress] = useState<Address>({ name: bot.name, publicId: bot.publicId, shareUrl: bot.shareUrl });
  const form = (
    <AddressForm
      botId={bot.id}
      address={address}
      editable={editable}
      onSaved={(saved) => {
        setAddress(saved);
        // The heading and the editors' version follow the rename.
        onSaved?.();
      }}
    />
  );
  if (!address.publicId || !address.shareUrl || !bot.publishedAt) {
    return (
      <section className="share">
        {form}
        <p>Publish the bot to get its share link and embed snippets.</p>
      </section>
    );
  }
  // Bot pages, the embed script and the chat API all live on the chat origin, never the console's:
  // the snippets name it in full, so they work pasted into any site.
  const url = address.shareUrl;
  const publicId = address.publicId;
  const origin = new URL(url).origin;
  return (
    <section className="share">
      {form}
      <h2>Share link</h2>
      <p>
        <a href={url} target="_blank" rel="noopener" data-share-link>
          {url}
        </a>
      </p>
      <h2>Embed on a website</h2>
      <p className="hint">
        Paste one of these into any page. The chat runs from {origin}; the page&apos;s query string fills variables of
        the same name.
      </p>
      <EmbedKind
        title="Inline"
        summary="The chat inside an element of your page. It leaves the page's scroll and focus alone until the visitor uses it."
      >
        <Snippet
          label="Parley's script (inline chat in an element)"
          code={`<div id="chat" style="height: 600px"></div>\n<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initStandard({\n    bot: '${publicId}',\n    apiHost: '${origin}',\n    element: '#chat',\n  });\n</script>`}
        />
        <Options
          entries={[
            ['element', 'the element, or a CSS selector, that holds the chat'],
            ['prefilledVariables', "{ Name: 'Ada' }: variables the chat starts with"],
          ]}
        />
      </EmbedKind>
      <EmbedKind title="Bubble" summary="A button in a corner of the page; the chat opens above it.">
        <Snippet
          label="Parley's script (chat bubble)"
          code={`<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initBubble({\n    bot: '${publicId}',\n    apiHost: '${origin}',\n${bubbleTheme(bot.theme)}  });\n</script>`}
        />
        <Options
          entries={[
            ['theme.button.backgroundColor', "the button's colour (else the bot's button colour)"],
            ['theme.button.iconColor', "the icon's colour"],
            ['theme.button.size', "'medium' (48 px) or 'large' (64 px)"],
            ['theme.placement', "'right' or 'left'"],
            [
              'previewMessage',
              '{ message, avatarUrl, autoShowDelay }: a message beside the button; a click opens the chat',
            ],
            ['autoShowDelay', 'opens the chat by itself after this many milliseconds'],
          ]}
        />
      </EmbedKind>
      <EmbedKind
        title="Popup"
        summary="The chat over the page. The visitor closes it with its × button, Escape or a click outside."
      >
        <Snippet
          label="Parley's script (popup, opens after 3 seconds)"
          code={`<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initPopup({\n    bot: '${publicId}',\n    apiHost: '${origin}',\n    autoShowDelay: 3000,\n  });\n</script>`}
        />
        <Options
          entries={[
            ['autoShowDelay', 'opens it after this many milliseconds; without it, call open()'],
            ['theme.width', "its width, such as '800px' (default 512px, never wider than the window)"],
          ]}
        />
      </EmbedKind>
      <EmbedKind
        title="Commands"
        summary='On what initBubble and initPopup return, or on Parley for every chat of the page (from a button of yours, say: onclick="Parley.open()").'
      >
        <Options
          entries={[
            ['open() · close() · toggle()', 'shows or hides the chat'],
            ['setPrefilledVariables({ … })', 'variables for the chat when it starts'],
            ['showPreviewMessage() · hidePreviewMessage()', "the bubble's message"],
            ['unmount()', 'removes the chat and everything it added to the page'],
          ]}
        />
      </EmbedKind>
      <EmbedKind title="Typebot's embed" summary="A page already using Typebot's library works unchanged.">
        <Snippet
          label="An existing Typebot embed: point its apiHost at this server"
          code={`<script type="module">\n  import Typebot from 'https://cdn.jsdelivr.net/npm/@typebot.io/js@0/dist/web.js';\n  Typebot.initBubble({\n    typebot: '${publicId}',\n    apiHost: '${origin}',\n  });\n</script>`}
        />
      </EmbedKind>
    </section>
  );
}
