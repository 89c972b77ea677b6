// What the console keeps in this browser's localStorage, every key in one
// place so that all of it goes when the session ends: the next person to sign
// in on this browser must not paste the previous one's blocks or be sent to
// their workspace.

export const STORED_KEYS = {
  /** The workspace opened last, opened first next time. */
  lastWorkspace: 'parley.console.workspace',
  /** Copied or cut groups, pasted in another bot's editor too. */
  editorClipboard: 'parley-editor-clipboard',
} as const;

/** Removes everything the console stored (on sign-out, or when the server says the session is gone). */
export function forgetStoredData(): void {
  for (const key of Object.values(STORED_KEYS)) localStorage.removeItem(key);
}
