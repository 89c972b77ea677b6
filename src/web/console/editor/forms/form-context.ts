import type { Draft, DraftVariable, Json } from '../draft';
import type { Credential } from './workspace-lists';

/** What a block's fields pick among, and where the form is. */
export interface FormContext {
  variables: DraftVariable[];
  credentials: Credential[];
  createVariable(name: string): string;
  /** The draft being edited: a Jump's groups and blocks. */
  draft: Draft;
  /** The edited bot (a link to it is "This bot"). */
  botId?: string;
  /** Its workspace: its bots and credentials. */
  workspaceId?: string;
  /** A guest's view: credentials are neither listed (guests may not) nor added. */
  readOnly?: boolean;
}

/** What every field is given. */
export interface FieldProps {
  name: string;
  schema: Json;
  value: unknown;
  /** The object the field is in: fields that follow another (a block of the chosen group) read it. */
  siblings: Json;
  onChange(value: unknown): void;
  context: FormContext;
}
