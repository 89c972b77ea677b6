/**
 * A module loaded on first use instead of at start. For the parsers only some
 * input blocks need (chrono-node ~14 MB, libphonenumber-js ~9 MB resident):
 * a server whose bots never ask a date or a phone number never holds them.
 * The first use pays the load once (tens of milliseconds).
 */
export function lazyModule<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
