// Browsers keep about six connections per server: a live stream that several
// parts of a page follow (the editor's saves and presence, the inbox's badge
// and list) is opened once per key and shared; the last one to let go closes it.

/**
 * Who follows a key joins the stream `open` started for it (with the set of
 * its followers, read at each event) and gets back the function that leaves it.
 */
export function sharedStreams<Listener>(
  open: (key: string, listeners: ReadonlySet<Listener>) => () => void,
): (key: string, listener: Listener) => () => void {
  const streams = new Map<string, { listeners: Set<Listener>; close(): void }>();
  return (key, listener) => {
    let stream = streams.get(key);
    if (!stream) {
      const listeners = new Set<Listener>();
      streams.set(key, (stream = { listeners, close: open(key, listeners) }));
    }
    const shared = stream;
    shared.listeners.add(listener);
    return () => {
      shared.listeners.delete(listener);
      if (shared.listeners.size > 0) return;
      shared.close();
      if (streams.get(key) === shared) streams.delete(key);
    };
  };
}
