// What a page can ask of its embeds: on the handle init* returns, and on
// `window.Parley` for every embed on the page (as Typebot's `Typebot.open()`
// and the like do, so a page's buttons need not keep the handle).

export type Variables = Record<string, unknown>;

export interface EmbedCommands {
  open(): void;
  close(): void;
  toggle(): void;
  /** Merged into the variables the next start sends (the visitor's chat, once started, keeps its own). */
  setPrefilledVariables(variables: Variables): void;
  showPreviewMessage(): void;
  hidePreviewMessage(): void;
  /** Removes every node the embed added to the page and stops listening to it. */
  unmount(): void;
}

const live = new Set<EmbedCommands>();

/** Registers an embed for the page-wide commands; its unmount unregisters it. */
export function register(embed: EmbedCommands): EmbedCommands {
  const handle: EmbedCommands = {
    ...embed,
    unmount: () => {
      live.delete(handle);
      embed.unmount();
    },
  };
  live.add(handle);
  return handle;
}

const each =
  <K extends keyof EmbedCommands>(command: K) =>
  (...args: Parameters<EmbedCommands[K]>): void => {
    // A copy: unmount removes from the set while it is walked.
    for (const embed of [...live]) (embed[command] as (...given: Parameters<EmbedCommands[K]>) => void)(...args);
  };

export const pageCommands: EmbedCommands = {
  open: each('open'),
  close: each('close'),
  toggle: each('toggle'),
  setPrefilledVariables: each('setPrefilledVariables'),
  showPreviewMessage: each('showPreviewMessage'),
  hidePreviewMessage: each('hidePreviewMessage'),
  unmount: each('unmount'),
};
