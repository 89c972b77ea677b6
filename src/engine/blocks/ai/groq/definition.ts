import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'groq', label: 'Groq', category: 'ai', order: 7, icon: 'Gauge' });
