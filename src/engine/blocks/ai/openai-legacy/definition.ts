import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'OpenAI', label: 'OpenAI (legacy)', category: 'ai', order: 1, icon: 'Sparkle' });
