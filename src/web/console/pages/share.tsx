import type { BotDefinition } from './bot';

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

export function ShareTab({ bot }: { bot: BotDefinition }) {
  if (!bot.publicId || !bot.shareUrl || !bot.publishedAt) {
    return <p>Publish the bot to get its share link and embed snippets.</p>;
  }
  // Bot pages, the embed script and the chat API all live on the chat origin, never the console's:
  // the snippets name it in full, so they work pasted into any site.
  const url = bot.shareUrl;
  const origin = new URL(url).origin;
  return (
    <section className="share">
      <h2>Share link</h2>
      <p>
        <a href={url} target="_blank" rel="noopener" data-share-link>
          {url}
        </a>
      </p>
      <h2>Embed on a website</h2>
      <Snippet
        label="Parley's script (inline chat in an element)"
        code={`<div id="chat" style="height: 600px"></div>\n<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initStandard({ bot: '${bot.publicId}', apiHost: '${origin}', element: '#chat' });\n</script>`}
      />
      <Snippet
        label="Parley's script (chat bubble)"
        code={`<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initBubble({ bot: '${bot.publicId}', apiHost: '${origin}' });\n</script>`}
      />
      <Snippet
        label="Parley's script (popup, opens after 3 seconds)"
        code={`<script src="${origin}/embed.js"></script>\n<script>\n  Parley.initPopup({ bot: '${bot.publicId}', apiHost: '${origin}', autoShowDelay: 3000 });\n</script>`}
      />
      <Snippet
        label="An existing Typebot embed: point its apiHost at this server"
        code={`<script type="module">\n  import Typebot from 'https://cdn.jsdelivr.net/npm/@typebot.io/js@0/dist/web.js';\n  Typebot.initBubble({ typebot: '${bot.publicId}', apiHost: '${origin}' });\n</script>`}
      />
    </section>
  );
}
