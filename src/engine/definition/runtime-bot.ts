import type { RuntimeVariable } from '../session/variables';
import type { EdgeDefinition, EventDefinition, GroupDefinition } from './schema';
import type { DefinitionVersion } from './versions';

/**
 * A definition ready to run: the structure migrated to v6 in memory (start
 * event, no start block), `version` kept as written because some behaviours
 * depend on it (lists in v5 text bubbles, link-to-bot merge default).
 */
export interface RuntimeBot {
  id: string;
  version: DefinitionVersion;
  groups: GroupDefinition[];
  edges: EdgeDefinition[];
  events: EventDefinition[];
  variables: RuntimeVariable[];
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** The definition's top-level WhatsApp connection (a Typebot export's); channels read it, the engine does not. */
  whatsAppCredentialsId?: string;
}
