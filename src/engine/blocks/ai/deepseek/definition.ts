import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'deepseek', label: 'DeepSeek', category: 'ai', order: 9, icon: 'Telescope' });
