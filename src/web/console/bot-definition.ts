import type { BotDefinitionQuery } from './api/generated';

/** A bot as the bot page loads it (metadata, draft definition, version): what each of its tabs receives. */
export type BotDefinition = BotDefinitionQuery['bot'];
