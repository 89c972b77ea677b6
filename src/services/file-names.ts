// Kept apart from uploads.ts (which reaches the chat runtime) so that any
// service storing files can name them without importing the runtime.

/** A visitor's file name as one safe path segment (its extension kept: file inputs check it). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned === '' ? 'file' : cleaned;
}
