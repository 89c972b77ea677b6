import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'AB test', label: 'A/B test', category: 'logic', order: 7, icon: 'Shuffle' });
