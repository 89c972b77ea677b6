import { CHAT_ONLY, forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, { provider: 'deepseek', actions: CHAT_ONLY });
