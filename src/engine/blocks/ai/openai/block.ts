import { forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, {
  provider: 'openai',
  actions: [
    'Create chat completion',
    'Ask Model',
    'Generate variables',
    'Ask Assistant',
    'Create transcription',
    'Create speech',
  ],
});
