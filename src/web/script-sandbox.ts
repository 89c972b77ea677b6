// Bot-author JavaScript (client-side Code and Set variable blocks) runs in a
// sandboxed frame with an opaque origin, never in the page: it cannot read the
// page's storage (other bots' remembered conversations), its cookies or its
// DOM, and whatever it requests goes out without the page's credentials. It
// gets its arguments, the page's address (read-only) and the usual browser
// APIs, and hands back one value.

export interface ScriptArgument {
  id: string;
  value: unknown;
}

/** A script still running after this long is given up (the chat goes on without its value). */
const SCRIPT_TIMEOUT_MS = 10_000;

// Runs inside the frame. The code sees `location` and `window.location` as the
// page's address (what Typebot's scripts most often read), everything else of
// the frame's own window. Its result travels back as text, as the chat sends it.
const FRAME_SOURCE = `<!doctype html><meta charset="utf-8"><script>
addEventListener('message', async (event) => {
  const port = event.ports[0];
  if (!port) return;
  const { content, names, values, page } = event.data;
  const frame = window;
  const pageWindow = new Proxy(frame, {
    get: (target, key) => {
      if (key === 'location') return page;
      const value = Reflect.get(target, key);
      return typeof value === 'function' && !/^[A-Z]/.test(String(key)) ? value.bind(target) : value;
    },
  });
  try {
    const run = new Function('window', 'location', ...names, 'return (async () => { ' + content + ' })()');
    const result = await run(pageWindow, page, ...values);
    port.postMessage({ ok: true, text: typeof result === 'string' ? result : JSON.stringify(result === undefined ? null : result) });
  } catch (error) {
    port.postMessage({ ok: false, error: String(error) });
  }
}, { once: true });
</script>`;

function pageFacts(): Record<string, string> {
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = location;
  return { href, origin, protocol, host, hostname, port, pathname, search, hash, referrer: document.referrer };
}

/** Runs `content` (an async function body) with `args` as named parameters; answers its value as text. */
export function runSandboxedScript(content: string, args: ScriptArgument[]): Promise<string> {
  const frame = document.createElement('iframe');
  // allow-scripts without allow-same-origin: an opaque origin, no access to this page or its storage.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  frame.srcdoc = FRAME_SOURCE;
  return new Promise<string>((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(
      () => finish(() => reject(new Error(`Script still running after ${SCRIPT_TIMEOUT_MS / 1000} s`))),
      SCRIPT_TIMEOUT_MS,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      channel.port1.close();
      frame.remove();
      settle();
    };
    channel.port1.onmessage = (event: MessageEvent<{ ok: boolean; text?: string; error?: string }>) =>
      finish(() =>
        event.data.ok ? resolve(event.data.text ?? 'null') : reject(new Error(event.data.error ?? 'Script failed')),
      );
    frame.addEventListener(
      'load',
      () => {
        const message = {
          content,
          names: args.map((arg) => arg.id),
          values: args.map((arg) => arg.value),
          page: pageFacts(),
        };
        // An opaque origin is addressed as '*': only this frame's window receives it, through its own port.
        frame.contentWindow?.postMessage(message, '*', [channel.port2]);
      },
      { once: true },
    );
    document.body.append(frame);
  });
}
