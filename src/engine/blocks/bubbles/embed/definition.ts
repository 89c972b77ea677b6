import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'embed', label: 'Embed', category: 'bubbles', order: 5, icon: 'AppWindow' });
