import { CHAT_ONLY, forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, { provider: 'groq', actions: CHAT_ONLY });
