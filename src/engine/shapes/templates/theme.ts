/** A starter's theme: colours every text is read in, set whole so no version's default decides them. */
export interface StarterTheme {
  general: { background: { type: 'Color'; content: string } };
  chat: {
    container: { color: string };
    hostBubbles: { backgroundColor: string; color: string };
    guestBubbles: { backgroundColor: string; color: string };
    buttons: { backgroundColor: string; color: string };
    inputs: { backgroundColor: string; color: string; placeholderColor: string };
  };
}

/**
 * The theme of every bot Parley starts (blank or from a template): the look of
 * the reference's 6.1 defaults, with the orange darkened and the placeholder
 * greyer so each text reads at WCAG AA (4.5:1) on its background; white on the
 * reference's own #ff5924 is about 3:1. Imported bots keep the reference's defaults.
 */
export function starterTheme(): StarterTheme {
  return {
    general: { background: { type: 'Color', content: '#f8f8f8' } },
    chat: {
      container: { color: '#27272a' },
      hostBubbles: { backgroundColor: '#ffffff', color: '#202020' },
      guestBubbles: { backgroundColor: '#c2410c', color: '#ffffff' },
      buttons: { backgroundColor: '#c2410c', color: '#ffffff' },
      inputs: { backgroundColor: '#ffffff', color: '#202020', placeholderColor: '#6b7280' },
    },
  };
}
