import { CHAT_ONLY, forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, { provider: 'perplexity', actions: CHAT_ONLY });
