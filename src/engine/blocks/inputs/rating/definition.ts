import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'rating input', label: 'Rating', category: 'inputs', order: 8, icon: 'Star' });
