// startPropsToInject: the bot's Google Tag Manager, Google Analytics and Meta
// Pixel ids, loaded into the page the chat runs in (as the reference's embed
// does), so the bot's googleAnalytics/pixel actions reach them. These are
// the bot author's own third-party scripts; Parley's client itself fetches
// nothing from the internet.

type Json = Record<string, unknown>;

function addScript(id: string, attributes: Record<string, string>, text?: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  if (text) script.textContent = text;
  document.head.append(script);
}

const safeId = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined;

export function injectStartProps(props: Json): void {
  const gtm = safeId(props.gtmId);
  if (gtm) {
    addScript(
      'parley-gtm',
      {},
      `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtm}');`,
    );
  }
  const ga = safeId(props.googleAnalyticsId);
  if (ga) {
    addScript('parley-gtag', { async: '', src: `https://www.googletagmanager.com/gtag/js?id=${ga}` });
    addScript(
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
      'parley-pixel',
      {},
      `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');${pixels.map((id) => `fbq('init','${id}');`).join('')}fbq('track','PageView');`,
    );
  }
}
