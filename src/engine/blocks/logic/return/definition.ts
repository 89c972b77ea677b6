import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'Return', label: 'Return', category: 'logic', order: 10, icon: 'CornerUpLeft' });
