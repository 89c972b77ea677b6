import type { Json } from '../api';

// The contract of a visitor widget: what the chat shows while the bot waits
// for an input. Each input's widget lives in its block folder
// (src/engine/blocks/inputs/<input>/widget.ts) and is browser code: it imports
// this folder and its block's definition, never the engine that runs the block.

export interface InputHandlers {
  /** Sends the reply text (what the reference's client sends), with the URLs of files attached to it. */
  submit(reply: string, shown?: string, attachedFileUrls?: string[]): void;
  /** Uploads files for the awaited input (a file input, a text input's attachments); resolves to their public URLs. */
  upload(files: File[]): Promise<string[]>;
}

export interface InputWidget {
  /** The input's block type (its definition's). */
  type: string;
  /** Other `type` values a client may receive for the same input. */
  aliases?: readonly string[];
  render(input: Json, handlers: InputHandlers): HTMLElement;
}
