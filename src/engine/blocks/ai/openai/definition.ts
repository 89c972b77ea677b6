import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'openai', label: 'OpenAI', category: 'ai', order: 2, icon: 'Sparkles' });
