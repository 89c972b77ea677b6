// startPropsToInject: the bot's Google Tag Manager, Google Analytics and Meta
// Pixel ids. These are the bot author's own third-party scripts (a Tag Manager
// container may hold any code); Parley's client itself fetches nothing from
// the internet. Embedded in a site, they go into that site's page, as the
// reference's embed does: the site chose the bot. On Parley's own chat page
// they run in a hidden sandboxed frame, as custom head code does
// (src/http/head-code-frame.ts): that origin is every bot's, with the console's
// host name, so code there could read other bots' remembered conversations
// and plant cookies the console would take for its own.

type Json = Record<string, unknown>;

/** Where the scripts go: the page the chat is embedded in, or a frame of their own (Parley's chat page). */
export type StartPropsTarget = 'page' | 'frame';

const FRAME_ID = 'parley-tags';

function addScript(into: Document, id: string, attributes: Record<string, string>, text?: string): void {
  if (into.getElementById(id)) return;
  const script = into.createElement('script');
  script.id = id;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  if (text) script.textContent = text;
  into.head.append(script);
}

const safeId = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined;

export function injectStartProps(props: Json, target: StartPropsTarget): void {
  if (target === 'page') {
    addScripts(document, props);
    return;
  }
  if (document.getElementById(FRAME_ID)) return;
  // Written into a document with no window (its scripts neither run nor load), then handed to the frame as text.
  const tags = document.implementation.createHTMLDocument();
  addScripts(tags, props);
  if (tags.scripts.length === 0) return;
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.hidden = true;
  // allow-scripts without allow-same-origin: an opaque origin, no cookies or storage, no reach into this page.
  frame.setAttribute('sandbox', 'allow-scripts');
  // Its document.referrer is this page's whole address: what the tags report as the page viewed.
  frame.setAttribute('referrerpolicy', 'no-referrer-when-downgrade');
  frame.title = 'The bot author’s tracking tags';
  frame.srcdoc = `<!doctype html>${tags.documentElement.outerHTML}`;
  document.body.append(frame);
}

function addScripts(into: Document, props: Json): void {
  const gtm = safeId(props.gtmId);
  if (gtm) {
    addScript(
      into,
      'parley-gtm',
      {},
      `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtm}');`,
    );
  }
  const ga = safeId(props.googleAnalyticsId);
  if (ga) {
    addScript(into, 'parley-gtag', { async: '', src: `https://www.googletagmanager.com/gtag/js?id=${ga}` });
    addScript(
      into,
      'parley-gtag-config',
      {},
      `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}window.gtag=window.gtag||gtag;gtag('js',new Date());gtag('config','${ga}');`,
    );
  }
  const pixels = Array.isArray(props.pixelIds)
    ? props.pixelIds.map(safeId).filter((id): id is string => Boolean(id))
    : [];
  if (pixels.length > 0) {
    addScript(
      into,
      'parley-pixel',
      {},
      `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');${pixels.map((id) => `fbq('init','${id}');`).join('')}fbq('track','PageView');`,
    );
  }
}
