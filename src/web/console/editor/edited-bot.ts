/** The bot the flow editor edits, as the page loaded it (its stored definition, read into a draft). */
export interface EditedBot {
  id: string;
  draftVersion: number;
  version: string;
  theme: unknown;
  settings: unknown;
  groups: unknown;
  events: unknown;
  edges: unknown;
  variables: unknown;
}
