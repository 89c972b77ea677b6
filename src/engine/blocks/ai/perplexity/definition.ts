import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'perplexity', label: 'Perplexity', category: 'ai', order: 8, icon: 'Search' });
